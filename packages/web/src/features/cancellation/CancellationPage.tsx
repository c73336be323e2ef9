import {
  type CancellationPolicy,
  type CancellationResult,
  type Membership,
  MembershipStatus,
} from '@portal/contract';
import { canFreeze, cancellationFlowFor, isMembershipRouteAllowed } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { ActionError, ActionSuccess, BackToMembership } from '../../components/ActionResult.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { errorItemText } from '../../lib/errorText.ts';
import { logEvent } from '../../lib/events.ts';
import { formatDate } from '../../lib/format.ts';
import { useFreezePolicy, useLoadedMembership } from '../../lib/membership.ts';
import { cancellationMailto } from '../../lib/cancellationMail.ts';
import { useOperator } from '../../lib/operator.ts';
import { useToday } from '../../lib/today.ts';
import styles from './Cancellation.module.css';
import {
  ConfirmCancellation,
  FreezeInsteadStep,
  MissingOutStep,
  STEP_PATH,
  type Step,
  StepCard,
  TipsStep,
  useEndDate,
} from './steps.tsx';
import { cancelMutation, useCancellationPolicy } from './queries.ts';
import { StatutoryCancellation } from './declaration/StatutoryCancellation.tsx';

const ENTRY = '/membership/cancellation';

/** The policy holds errors: the cancellation is refused, with the reasons and a way back. */
function NotAllowed({ policy }: { policy: CancellationPolicy }) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const navigate = useNavigate();
  const texts = policy.membership.errors.map(
    (item) =>
      errorItemText(item, t, i18n.language) ??
      t('cancellation.notAllowed.other', { email: operator.supportEmail }),
  );
  useEffect(() => {
    logEvent('cancellation_view', 'failure', { step: 'not_allowed' });
  }, []);
  return (
    <Card>
      <div className={styles.notAllowed}>
        <h2 className={styles.title}>{t('cancellation.notAllowed.title')}</h2>
        <div role="alert" className={styles.reasonsAlert}>
          {[...new Set(texts)].map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
        <div className={styles.actions}>
          <Button onClick={() => navigate('/membership')}>{t('common.back')}</Button>
        </div>
      </div>
    </Card>
  );
}

/** Norway outside trial and presale: the member cancels by e-mail. */
function EmailCancellation({ policy, membership }: { policy: CancellationPolicy; membership: Membership }) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const { end, immediate } = useEndDate(policy);
  return (
    <StepCard title={t('cancellation.email.title')} actions={<BackToMembership />}>
      <p>{t('cancellation.email.text')}</p>
      <p className={styles.mail}>
        <a href={cancellationMailto(t, operator.supportEmail, membership)}>{operator.supportEmail}</a>
      </p>
      <p>{t('cancellation.email.include', { number: membership.membership_number })}</p>
      {!immediate && <p>{t('cancellation.email.endDate', { date: formatDate(end, i18n.language) })}</p>}
    </StepCard>
  );
}

/** The result: the end date and the way back; what the member loses was said before they confirmed. */
function CancellationSuccess({
  result,
  policy,
}: {
  result: CancellationResult;
  policy: CancellationPolicy | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const today = useToday();
  const end = result.end_date ?? policy?.membership.calculated_end_date ?? today;
  const immediate = end <= today;
  // Reactivating is possible while in_cancellation (the route's rule): offer it right here.
  const status = MembershipStatus.safeParse(result.status);
  const canReactivate = status.success && isMembershipRouteAllowed('reactivate', status.data);
  return (
    <ActionSuccess
      title={t('cancellation.success.title')}
      back={
        canReactivate ? (
          <>
            <ButtonLink to="/membership/reactivate">{t('membership.actions.reactivate')}</ButtonLink>
            <BackToMembership variant="secondary" />
          </>
        ) : undefined
      }
    >
      <p>
        {immediate
          ? t('cancellation.success.endedToday')
          : t('cancellation.success.endsOn', { date: formatDate(end, locale) })}
      </p>
      {canReactivate && <p>{t('cancellation.success.reactivate', { date: formatDate(end, locale) })}</p>}
    </ActionSuccess>
  );
}

/**
 * /membership/cancellation and its steps (docs/portal-screens.md). The policy decides first: with
 * errors, the 'not allowed' page. Otherwise the operator's flow for the member's status
 * (domain cancellationFlowFor): the steps freeze → tips → missing-out-on → confirm, one
 * page, or the e-mail text.
 */
export function CancellationPage() {
  const { t } = useTranslation();
  const operator = useOperator();
  const membership = useLoadedMembership();
  const policy = useCancellationPolicy();
  const flow = cancellationFlowFor(operator, membership.status);
  // The multi-step flow offers a freeze only where the member may freeze (not in trial or
  // presale) and the freeze policy says a freeze can still be made.
  const mayOfferFreeze = flow === 'multi_step' && canFreeze(membership.status);
  const freezePolicy = useFreezePolicy({ enabled: mayOfferFreeze });

  const cancel = useMutation(cancelMutation());

  // § 312k BGB: the single page is the statutory declaration page, with results of its own.
  if (flow === 'single_page' && operator.publicCancellation) {
    return (
      <Routes>
        <Route index element={<StatutoryCancellation notAllowed={(p) => <NotAllowed policy={p} />} />} />
        <Route path="*" element={<Navigate to={ENTRY} replace />} />
      </Routes>
    );
  }

  // Results first: afterwards the membership and the policy reload (now in cancellation).
  if (cancel.isSuccess) {
    return <CancellationSuccess result={cancel.data} policy={policy.data} />;
  }
  if (cancel.isError) return <ActionError error={cancel.error} onRetry={() => cancel.reset()} />;
  if (policy.isPending) return <Loading label={t('cancellation.loading')} />;
  if (policy.isError) return <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />;
  if (policy.data.membership.errors.length > 0) return <NotAllowed policy={policy.data} />;
  if (mayOfferFreeze && freezePolicy.isPending) return <Loading label={t('cancellation.loading')} />;

  const confirmProps = {
    policy: policy.data,
    membership,
    busy: cancel.isPending,
    onConfirm: (gdprOptIn: boolean | undefined) => cancel.mutate(gdprOptIn),
  };

  if (flow !== 'multi_step') {
    return (
      <Routes>
        <Route
          index
          element={
            flow === 'email' ? (
              <EmailCancellation policy={policy.data} membership={membership} />
            ) : (
              <ConfirmCancellation title={t('cancellation.single.title')} {...confirmProps} />
            )
          }
        />
        <Route path="*" element={<Navigate to={ENTRY} replace />} />
      </Routes>
    );
  }

  // No months left (or the policy did not load): skip the offer rather than block the cancellation.
  const freeze = freezePolicy.data?.membership;
  const offerFreeze = mayOfferFreeze && !!freeze?.eligible_to_freeze && freeze.available_months > 0;
  const steps: Step[] = offerFreeze
    ? ['freeze', 'tips', 'missing-out-on', 'confirm']
    : ['tips', 'missing-out-on', 'confirm'];
  const next = (step: Step) => STEP_PATH(steps[steps.indexOf(step) + 1] ?? 'confirm');

  return (
    <Routes>
      <Route index element={<Navigate to={STEP_PATH(steps[0]!)} replace />} />
      <Route
        path="freeze"
        element={
          steps.includes('freeze') ? (
            <FreezeInsteadStep steps={steps} next={next('freeze')} />
          ) : (
            <Navigate to={STEP_PATH(steps[0]!)} replace />
          )
        }
      />
      <Route path="tips" element={<TipsStep steps={steps} next={next('tips')} membership={membership} />} />
      <Route
        path="missing-out-on"
        element={<MissingOutStep steps={steps} next={next('missing-out-on')} membership={membership} />}
      />
      <Route
        path="confirm"
        element={
          <ConfirmCancellation
            step="confirm"
            steps={steps}
            title={t('cancellation.confirm.title')}
            {...confirmProps}
          />
        }
      />
      <Route path="*" element={<Navigate to={ENTRY} replace />} />
    </Routes>
  );
}
