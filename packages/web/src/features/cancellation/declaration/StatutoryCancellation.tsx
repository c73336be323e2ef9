import { zodResolver } from '@hookform/resolvers/zod';
import type { CancellationPolicy, CancellationResult, Membership } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionError, BackToMembership } from '../../../components/ActionResult.tsx';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { logEvent } from '../../../lib/events.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLoadedMembership } from '../../../lib/membership.ts';
import { useOperator } from '../../../lib/operator.ts';
import { useToday } from '../../../lib/today.ts';
import { statutoryCancelMutation, useCancellationPolicy } from '../queries.ts';
import { type DeclarationValues, declarationDefaults } from './declarationForm.ts';
import styles from './Declaration.module.css';
import { ConfirmationEmailField, EffectiveDateFields, KindFields } from './fields.tsx';
import { Receipt } from './Receipt.tsx';
import { statutoryFormSchema } from './statutoryForm.ts';

/** Name, number and e-mail as the portal knows them: shown, not asked. */
function KnownMember({ membership }: { membership: Membership }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const id = useId();
  const { profile } = membership;
  const rows: [string, string][] = [
    [t('membership.profile.name'), `${profile.first_name} ${profile.last_name}`],
    [t('membership.details.number'), membership.membership_number],
    [t('membership.profile.email'), profile.email],
    [
      t('publicCancellation.contract.label'),
      t('publicCancellation.contract.membership', { brand: operator.brand }),
    ],
  ];
  return (
    <>
      <h3 id={id} className={styles.legend}>
        {t('publicCancellation.identity.legend')}
      </h3>
      <dl className={styles.known} aria-labelledby={id}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** Refusals that leave nothing to cancel: the membership is cancelled or has ended already. */
const NOTHING_TO_CANCEL = new Set(['already_in_cancellation_error', 'invalid_status_to_cancel']);

/**
 * A rule refuses the online cancellation (a freeze under way or scheduled), yet § 312k lets
 * nothing block the declaration: the public form takes it, and support resolves it.
 */
function StillDeclarable({ policy }: { policy: CancellationPolicy }) {
  const { t } = useTranslation();
  if (policy.membership.errors.some((e) => NOTHING_TO_CANCEL.has(e.type))) return null;
  return (
    <p className={styles.after}>
      {t('cancellation.statutory.stillPossible')}{' '}
      <Link to="/cancel-contract">{t('publicCancellation.title')}</Link>
    </p>
  );
}

/**
 * The § 312k page for a signed-in member: only what the law lists, then "jetzt kündigen".
 * The optional consent question of the other flows is left out on purpose: nothing may come
 * before the button, and asking for marketing consent is no part of a cancellation.
 */
function StatutoryForm({
  policy,
  membership,
  draft,
  busy,
  onSend,
}: {
  policy: CancellationPolicy;
  membership: Membership;
  draft: DeclarationValues;
  busy: boolean;
  onSend: (values: DeclarationValues) => void;
}) {
  const { t } = useTranslation();
  const today = useToday();
  const id = useId();
  const schema = useMemo(() => statutoryFormSchema(today), [today]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<DeclarationValues>({ resolver: zodResolver(schema), defaultValues: draft });
  const [kind, effective] = useWatch({ control, name: ['kind', 'effective'] });
  const message = (key?: string) => (key ? t(key) : undefined);
  useEffect(() => {
    logEvent('cancellation_view', 'in_progress', { step: 'statutory_page' });
  }, []);

  return (
    <section className={styles.sheet} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {t('cancellation.statutory.title')}
      </h2>
      <p className={styles.intro}>{t('cancellation.statutory.intro')}</p>
      <form noValidate onSubmit={handleSubmit(onSend)}>
        <div className={styles.columns}>
          <div className={styles.column}>
            <KindFields
              kind={kind}
              kindRegistration={register('kind')}
              reasonRegistration={register('reason')}
              reasonError={message(errors.reason?.message)}
            />
            <KnownMember membership={membership} />
          </div>
          <div className={styles.column}>
            <EffectiveDateFields
              effective={effective}
              earliestDate={policy.membership.calculated_end_date}
              today={today}
              effectiveRegistration={register('effective')}
              dateRegistration={register('effective_date')}
              dateError={message(errors.effective_date?.message)}
            />
            <ConfirmationEmailField
              registration={register('confirmation_email')}
              error={message(errors.confirmation_email?.message)}
            />
          </div>
        </div>
        <div className={styles.submit}>
          <Button type="submit" busy={busy} busyLabel={t('publicCancellation.busy')}>
            {t('publicCancellation.submit')}
          </Button>
          <BackToMembership variant="secondary" />
        </div>
      </form>
    </section>
  );
}

/** What was received (the sent declaration with the server's time and end date), printable. */
function StatutoryReceipt({
  result,
  sent,
  membership,
}: {
  result: CancellationResult;
  sent: DeclarationValues;
  membership: Membership;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const operator = useOperator();
  const today = useToday();
  const { profile } = membership;
  const end = result.end_date;
  const rows = [
    { label: t('publicCancellation.kind.legend'), value: t(`publicCancellation.kind.${sent.kind}`) },
    ...(sent.kind === 'extraordinary'
      ? [{ label: t('publicCancellation.kind.reason'), value: sent.reason.trim() }]
      : []),
    { label: t('publicCancellation.receipt.name'), value: `${profile.first_name} ${profile.last_name}` },
    { label: t('publicCancellation.identity.number'), value: membership.membership_number },
    {
      label: t('publicCancellation.contract.label'),
      value: t('publicCancellation.contract.membership', { brand: operator.brand }),
    },
    {
      label: t('publicCancellation.receipt.effective'),
      value:
        sent.effective === 'date'
          ? formatDate(sent.effective_date, locale)
          : t('publicCancellation.effective.earliest'),
    },
    ...(end ? [{ label: t('cancellation.statutory.endDate'), value: formatDate(end, locale) }] : []),
    { label: t('publicCancellation.confirmationEmail'), value: sent.confirmation_email.trim().toLowerCase() },
  ];
  return (
    <Receipt
      level={2}
      title={t('publicCancellation.receipt.title')}
      receivedAt={result.received_at}
      rows={rows}
      actions={
        <>
          <BackToMembership variant="secondary" />
          {result.status === 'in_cancellation' && (
            <ButtonLink to="/membership/reactivate" variant="ghost">
              {t('membership.actions.reactivate')}
            </ButtonLink>
          )}
        </>
      }
    >
      <p>
        {t('publicCancellation.receipt.emailSent', { email: sent.confirmation_email.trim().toLowerCase() })}
      </p>
      {end && (
        <p>
          {end <= today
            ? t('cancellation.success.endedToday')
            : t('cancellation.success.endsOn', { date: formatDate(end, locale) })}
        </p>
      )}
      {end && result.status === 'in_cancellation' && (
        <p>{t('cancellation.success.reactivate', { date: formatDate(end, locale) })}</p>
      )}
    </Receipt>
  );
}

/**
 * /membership/cancellation for operators with the public cancellation (§ 312k BGB). Its own
 * results come first: after the cancellation the policy reloads with "already cancelled".
 */
export function StatutoryCancellation({
  notAllowed,
}: {
  /** The cancellation page's refusal page, for a policy that holds errors. */
  notAllowed: (policy: CancellationPolicy) => ReactNode;
}) {
  const { t } = useTranslation();
  const membership = useLoadedMembership();
  const policy = useCancellationPolicy();
  const draft = useRef<DeclarationValues>(declarationDefaults(membership.profile.email));
  const cancel = useMutation(statutoryCancelMutation());

  if (cancel.isSuccess) {
    return <StatutoryReceipt result={cancel.data} sent={cancel.variables} membership={membership} />;
  }
  // Trying again returns to the form with what the member entered.
  if (cancel.isError) return <ActionError error={cancel.error} onRetry={() => cancel.reset()} />;
  if (policy.isPending) return <Loading label={t('cancellation.loading')} />;
  if (policy.isError) return <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />;
  if (policy.data.membership.errors.length > 0) {
    return (
      <>
        {notAllowed(policy.data)}
        <StillDeclarable policy={policy.data} />
      </>
    );
  }
  return (
    <StatutoryForm
      policy={policy.data}
      membership={membership}
      draft={draft.current}
      busy={cancel.isPending}
      onSend={(values) => {
        // Kept for "try again", which returns to the form with what the member entered.
        draft.current = values;
        cancel.mutate(values);
      }}
    />
  );
}
