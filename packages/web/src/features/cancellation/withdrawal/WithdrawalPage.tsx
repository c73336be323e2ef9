import type { Membership, WithdrawalResult } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import type { i18n as I18n, TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ActionError, BackToMembership } from '../../../components/ActionResult.tsx';
import { Button } from '../../../components/Button.tsx';
import prose from '../../../components/Prose.module.css';
import { ErrorResponse } from '../../../lib/api.ts';
import { logEvent } from '../../../lib/events.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLoadedMembership } from '../../../lib/membership.ts';
import { useOperator } from '../../../lib/operator.ts';
import { useToday } from '../../../lib/today.ts';
import declaration from '../declaration/Declaration.module.css';
import { Receipt } from '../declaration/Receipt.tsx';
import { withdrawalMutation } from '../queries.ts';
import { withdrawalOpen } from './withdrawal.ts';
import styles from './Withdrawal.module.css';

/** The one confirmation step: what a withdrawal does and until when it is possible. */
function ConfirmWithdrawal({
  membership,
  busy,
  onConfirm,
}: {
  membership: Membership;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const today = useToday();
  const id = useId();
  useEffect(() => {
    logEvent('withdrawal_view', 'in_progress');
  }, []);
  return (
    <section className={declaration.sheet} aria-labelledby={id}>
      <h2 id={id} className={declaration.title}>
        {t('withdrawal.title')}
      </h2>
      <p className={declaration.intro}>{t('withdrawal.intro')}</p>
      <p className={prose.highlight}>
        {t('withdrawal.until', { date: formatDate(membership.withdrawal_until ?? today, locale) })}
      </p>
      <ul className={`${prose.points} ${styles.points}`}>
        <li>{t('withdrawal.endsToday', { date: formatDate(today, locale) })}</li>
        <li>{t('withdrawal.refund')}</li>
        <li>{t('withdrawal.email', { email: membership.profile.email })}</li>
      </ul>
      <div className={declaration.submit}>
        <Button onClick={onConfirm} busy={busy} busyLabel={t('withdrawal.busy')}>
          {t('withdrawal.confirm')}
        </Button>
        <BackToMembership variant="secondary" />
      </div>
    </section>
  );
}

function WithdrawalReceipt({ result, membership }: { result: WithdrawalResult; membership: Membership }) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const end = formatDate(result.end_date, i18n.language);
  const { profile } = membership;
  return (
    <Receipt
      level={2}
      title={t('withdrawal.receipt.title')}
      receivedAt={result.received_at}
      rows={[
        { label: t('withdrawal.receipt.declaration'), value: t('withdrawal.receipt.withdrawal') },
        { label: t('publicCancellation.receipt.name'), value: `${profile.first_name} ${profile.last_name}` },
        { label: t('publicCancellation.identity.number'), value: membership.membership_number },
        {
          label: t('publicCancellation.contract.label'),
          value: t('publicCancellation.contract.membership', { brand: operator.brand }),
        },
        { label: t('withdrawal.receipt.endDate'), value: end },
      ]}
      actions={<BackToMembership variant="secondary" />}
    >
      <p>{t('withdrawal.receipt.ends', { date: end })}</p>
      <p>{t('withdrawal.refund')}</p>
      <p>{t('publicCancellation.receipt.emailSent', { email: profile.email })}</p>
    </Receipt>
  );
}

/** The withdrawal's own refusals (period over, membership ended, not offered), else undefined. */
function refusalTexts(error: unknown, t: TFunction, i18n: I18n): string[] | undefined {
  if (!(error instanceof ErrorResponse)) return undefined;
  const texts = error.errors.flatMap((item) => {
    const key = `withdrawal.errors.${item.type}`;
    if (!i18n.exists(key)) return [];
    const lastDay = item.context?.last_day;
    return [t(key, { date: typeof lastDay === 'string' ? formatDate(lastDay, i18n.language) : '' })];
  });
  return texts.length > 0 ? texts : undefined;
}

/**
 * /membership/withdraw: the withdrawal button's one confirmation step, then the receipt. The
 * window is checked on entering: afterwards it closes (the membership has ended), and the
 * receipt must stay.
 */
export function WithdrawalPage() {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const membership = useLoadedMembership();
  const today = useToday();
  const [open] = useState(() => withdrawalOpen(operator, membership, today));
  const withdraw = useMutation(withdrawalMutation());

  if (!open) return <Navigate to="/membership" replace />;
  if (withdraw.isSuccess) return <WithdrawalReceipt result={withdraw.data} membership={membership} />;
  if (withdraw.isError) {
    return (
      <ActionError
        error={withdraw.error}
        texts={refusalTexts(withdraw.error, t, i18n)}
        onRetry={() => withdraw.reset()}
      />
    );
  }
  return (
    <ConfirmWithdrawal
      membership={membership}
      busy={withdraw.isPending}
      onConfirm={() => withdraw.mutate()}
    />
  );
}
