import type { CancellationPolicy, Membership } from '@portal/contract';
import { canChangeClub, type OperatorSettings } from '@portal/domain';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { EmailLink } from '../../components/EmailLink.tsx';
import { logEvent } from '../../lib/events.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useOperator } from '../../lib/operator.ts';
import { useToday } from '../../lib/today.ts';
import styles from './Cancellation.module.css';
import { type ConsentAnswer, ConsentQuestion } from './ConsentQuestion.tsx';

export type Step = 'freeze' | 'tips' | 'missing-out-on' | 'confirm';

export const STEP_PATH = (step: Step) => `/membership/cancellation/${step}`;

/** One page of the cancellation flow: "step 2 of 4", a heading, content, actions. */
export function StepCard({
  step,
  steps,
  title,
  children,
  actions,
}: {
  step?: Step;
  steps?: readonly Step[];
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const index = step && steps ? steps.indexOf(step) : -1;
  useEffect(() => {
    logEvent('cancellation_view', 'in_progress', { step: step ?? 'single_page' });
  }, [step]);
  return (
    <section aria-labelledby={id}>
      <Card>
        {index >= 0 && steps && (
          <p className={styles.stepOf}>
            {t('cancellation.stepOf', { step: index + 1, total: steps.length })}
          </p>
        )}
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {children}
        {actions && <div className={styles.actions}>{actions}</div>}
      </Card>
    </section>
  );
}

function KeepButton() {
  const { t } = useTranslation();
  return <ButtonLink to="/membership">{t('cancellation.confirm.keep')}</ButtonLink>;
}

function ContinueButton({ to }: { to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button variant="secondary" onClick={() => navigate(to)}>
      {t('cancellation.continue')}
    </Button>
  );
}

/** Step 1: a freeze instead of a cancellation. */
export function FreezeInsteadStep({ steps, next }: { steps: readonly Step[]; next: string }) {
  const { t } = useTranslation();
  const operator = useOperator();
  return (
    <StepCard
      step="freeze"
      steps={steps}
      title={t('cancellation.freeze.title')}
      actions={
        <>
          <ButtonLink to="/membership/freeze">{t('cancellation.freeze.freeze')}</ButtonLink>
          <ContinueButton to={next} />
        </>
      }
    >
      <p>{t('cancellation.freeze.text', { count: operator.freezePolicy.maxMonthsPerYear })}</p>
      <p>{t('cancellation.freeze.reactivates')}</p>
    </StepCard>
  );
}

/** Step 2: tips that may keep the member training. */
export function TipsStep({
  steps,
  next,
  membership,
}: {
  steps: readonly Step[];
  next: string;
  membership: Membership;
}) {
  const { t } = useTranslation();
  const operator = useOperator();
  const email = operator.supportEmail;
  const tips: [string, ReactNode][] = [
    ['time', t('cancellation.tips.time.text')],
    ['motivation', t('cancellation.tips.motivation.text')],
  ];
  // Only where the domain lets the member change club (not in presale, for one).
  if (canChangeClub(membership.status)) {
    tips.push([
      'moving',
      <>
        {t('cancellation.tips.moving.text')} <Link to="/membership/club">{t('membership.club.change')}</Link>
      </>,
    ]);
  }
  tips.push([
    'support',
    <>
      {t('cancellation.tips.support.text')} <EmailLink email={email} />
    </>,
  ]);
  return (
    <StepCard
      step="tips"
      steps={steps}
      title={t('cancellation.tips.title')}
      actions={
        <>
          <KeepButton />
          <ContinueButton to={next} />
        </>
      }
    >
      <ul className={styles.reasons}>
        {tips.map(([tip, text]) => (
          <li key={tip}>
            <h3 className={styles.reasonTitle}>{t(`cancellation.tips.${tip}.title`)}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </StepCard>
  );
}

/**
 * What the member would lose, built from what the operator offers and the member has
 * (docs/portal-screens.md, "Cancellation"): their clubs, personal training where the
 * operator sells it, the referral reward where the member takes part in a promotion. A signup
 * fee on return is a cost, not a benefit: it follows the list as a plain sentence, and only
 * where the operator charges one.
 */
export function missingOutItems(
  membership: Membership,
  operator: Pick<OperatorSettings, 'ptEnabled' | 'referralPromotion'>,
): ('access' | 'pt' | 'referral')[] {
  return [
    'access' as const,
    ...(operator.ptEnabled ? (['pt'] as const) : []),
    ...(operator.referralPromotion && membership.referral ? (['referral'] as const) : []),
  ];
}

export function MissingOutList({ membership }: { membership: Membership }) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const fee = operator.signupFeeOnReturn;
  const club = membership.location.name;
  const text = {
    access:
      membership.product.locations.length > 1
        ? t('cancellation.missing.access.text', { club })
        : t('cancellation.missing.access.textOneClub', { club }),
    pt: t('cancellation.missing.pt.text'),
    referral: t('cancellation.missing.referral.text'),
  };
  return (
    <>
      <ul className={styles.reasons}>
        {missingOutItems(membership, operator).map((item) => (
          <li key={item}>
            <h3 className={styles.reasonTitle}>{t(`cancellation.missing.${item}.title`)}</h3>
            <p>{text[item]}</p>
          </li>
        ))}
      </ul>
      {fee && (
        <p>
          {t('cancellation.missing.rejoinFee', { fee: formatMoney(fee.amount, fee.currency, i18n.language) })}
        </p>
      )}
    </>
  );
}

/** Step 3: what the member would miss. */
export function MissingOutStep({
  steps,
  next,
  membership,
}: {
  steps: readonly Step[];
  next: string;
  membership: Membership;
}) {
  const { t } = useTranslation();
  return (
    <StepCard
      step="missing-out-on"
      steps={steps}
      title={t('cancellation.missing.title')}
      actions={
        <>
          <KeepButton />
          <ContinueButton to={next} />
        </>
      }
    >
      <MissingOutList membership={membership} />
    </StepCard>
  );
}

/** The end date a cancellation made now gets, and whether it is immediate (trial, presale). */
export function useEndDate(policy: CancellationPolicy) {
  const today = useToday();
  const end = policy.membership.calculated_end_date;
  return { end: end ?? today, immediate: end === null || end <= today };
}

/**
 * The last step (or the single page): the end date, the optional consent question (asked
 * when the member has not opted in) and the confirm button.
 */
export function ConfirmCancellation({
  step,
  steps,
  title,
  policy,
  membership,
  busy,
  onConfirm,
}: {
  step?: Step;
  steps?: readonly Step[];
  title: string;
  policy: CancellationPolicy;
  membership: Membership;
  busy: boolean;
  onConfirm: (gdprOptIn: boolean | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const operator = useOperator();
  const { end, immediate } = useEndDate(policy);
  const askConsent = !membership.gdpr_opt_in;
  const [answer, setAnswer] = useState<ConsentAnswer>(null);
  const [consentError, setConsentError] = useState<string | null>(null);
  const firstRadio = useRef<HTMLInputElement>(null);

  const confirm = () => {
    if (askConsent && answer === null) {
      setConsentError(t('cancellation.consent.required'));
      firstRadio.current?.focus();
      return;
    }
    onConfirm(askConsent ? answer === 'yes' : undefined);
  };

  return (
    <StepCard
      {...(step ? { step } : {})}
      {...(steps ? { steps } : {})}
      title={title}
      actions={
        <>
          <Button variant="danger" onClick={confirm} busy={busy} busyLabel={t('cancellation.confirm.busy')}>
            {t('cancellation.confirm.submit')}
          </Button>
          <ButtonLink to="/membership" variant="secondary">
            {t('cancellation.confirm.keep')}
          </ButtonLink>
        </>
      }
    >
      <div className={styles.endDate}>
        <span className={styles.endLabel}>
          {immediate ? t('cancellation.confirm.endsImmediately') : t('cancellation.confirm.endsOn')}
        </span>
        <span className={styles.endValue}>{formatDate(end, locale)}</span>
      </div>
      {immediate ? (
        <p>{t('cancellation.confirm.immediateText')}</p>
      ) : (
        <>
          <p>
            {t('cancellation.confirm.notice', {
              count: policy.cancellation_months || operator.cancellationNoticeMonths,
            })}
          </p>
          <p>{t('cancellation.confirm.reactivate', { date: formatDate(end, locale) })}</p>
        </>
      )}
      {askConsent && (
        <ConsentQuestion
          value={answer}
          onChange={(value) => {
            setAnswer(value);
            setConsentError(null);
          }}
          error={consentError}
          firstRef={firstRadio}
        />
      )}
    </StepCard>
  );
}
