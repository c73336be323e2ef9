import type { CancellationPolicy, CancellationResult, Membership } from '@portal/contract';
import { canFreeze, cancellationFlowFor } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { ActionError, ActionSuccess, BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { api } from '../../lib/api.ts';
import { errorItemText } from '../../lib/errorText.ts';
import { logEvent } from '../../lib/events.ts';
import { formatDate } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import { useToday } from '../../lib/today.ts';
import styles from './Cancellation.module.css';
import {
  ConfirmCancellation,
  FreezeInsteadStep,
  MissingOutList,
  MissingOutStep,
  STEP_PATH,
  type Step,
  StepCard,
  TipsStep,
  useEndDate,
} from './steps.tsx';
import { useCancellationPolicy } from './queries.ts';

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
        <a href={`mailto:${operator.supportEmail}`}>{operator.supportEmail}</a>
      </p>
      <p>{t('cancellation.email.include', { number: membership.membership_number })}</p>
      {!immediate && <p>{t('cancellation.email.endDate', { date: formatDate(end, i18n.language) })}</p>}
    </StepCard>
  );
}

function CancellationSuccess({
  result,
  policy,
  membership,
}: {
  result: CancellationResult;
  policy: CancellationPolicy | undefined;
  membership: Membership;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const today = useToday();
  const end = result.end_date ?? policy?.membership.calculated_end_date ?? today;
  const immediate = end <= today;
  return (
    <ActionSuccess title={t('cancellation.success.title')}>
      <p>
        {immediate
          ? t('cancellation.success.endedToday')
          : t('cancellation.success.endsOn', { date: formatDate(end, locale) })}
      </p>
      {result.status === 'in_cancellation' && (
        <p>{t('cancellation.success.reactivate', { date: formatDate(end, locale) })}</p>
      )}
      <h3 className={styles.lostTitle}>
        {immediate
          ? t('cancellation.success.lostNow')
          : t('cancellation.success.lostFrom', { date: formatDate(end, locale) })}
      </h3>
      <MissingOutList membership={membership} />
    </ActionSuccess>
  );
}

/**
 * /membership/cancellation and its steps (spec section 2). The policy decides first: with
 * errors, the 'not allowed' page. Otherwise the operator's flow for the member's status
 * (domain cancellationFlowFor): the steps freeze → tips → missing-out-on → confirm, one
 * page, or the e-mail text.
 */
export function CancellationPage() {
  const { t } = useTranslation();
  const operator = useOperator();
  const membership = useLoadedMembership();
  const policy = useCancellationPolicy();

  const cancel = useMutation({
    mutationFn: (gdprOptIn: boolean | undefined) =>
      api('cancel', { body: gdprOptIn === undefined ? {} : { gdpr_opt_in: gdprOptIn } }),
    onMutate: () => logEvent('cancellation', 'in_progress'),
    onSuccess: () => logEvent('cancellation', 'success'),
    onError: () => logEvent('cancellation', 'failure'),
  });

  // Results first: afterwards the membership and the policy reload (now in cancellation).
  if (cancel.isSuccess) {
    return <CancellationSuccess result={cancel.data} policy={policy.data} membership={membership} />;
  }
  if (cancel.isError) return <ActionError error={cancel.error} onRetry={() => cancel.reset()} />;
  if (policy.isPending) return <Loading label={t('cancellation.loading')} />;
  if (policy.isError) return <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />;
  if (policy.data.membership.errors.length > 0) return <NotAllowed policy={policy.data} />;

  const flow = cancellationFlowFor(operator, membership.status);
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

  // A freeze is offered only where the member may freeze (not in trial or presale).
  const steps: Step[] = canFreeze(membership.status)
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
      <Route path="tips" element={<TipsStep steps={steps} next={next('tips')} />} />
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
