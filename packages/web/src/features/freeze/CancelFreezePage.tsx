import type { FreezePeriod } from '@portal/contract';
import { restOfMonthFee } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionError, ActionSuccess, BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { api } from '../../lib/api.ts';
import { logEvent } from '../../lib/events.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useToday } from '../../lib/today.ts';
import styles from './Freeze.module.css';
import prose from '../../components/Prose.module.css';
import { useFreezePolicy } from './queries.ts';

type Kind = 'current' | 'scheduled';

/**
 * /membership/cancel_freeze (active or in_freeze): removes a scheduled freeze at no cost,
 * or ends the current one today, billing the rest of this month at the regular fee. Each
 * action has one name: the shell's title (`pageSegmentKey`), the heading and the button.
 */
export function CancelFreezePage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const membership = useLoadedMembership();
  const today = useToday();
  const policy = useFreezePolicy();
  const id = useId();
  const currency = membership.operator.currency;

  const remove = useMutation({
    mutationFn: ({ freeze }: { freeze: FreezePeriod; kind: Kind }) =>
      api('deleteFreeze', { params: { id: freeze.id } }),
    onMutate: ({ kind }) => logEvent('freeze_cancel', 'in_progress', { kind }),
    onSuccess: (_d, { kind }) => logEvent('freeze_cancel', 'success', { kind }),
    onError: (_e, { kind }) => logEvent('freeze_cancel', 'failure', { kind }),
  });

  if (remove.isSuccess) {
    const { kind, freeze } = remove.variables;
    return (
      <ActionSuccess title={t(`cancelFreeze.success.title.${kind}`)}>
        <p>
          {kind === 'current'
            ? t('cancelFreeze.success.current')
            : t('cancelFreeze.success.scheduled', {
                begin: formatDate(freeze.begin_date, locale),
                end: formatDate(freeze.end_date, locale),
              })}
        </p>
      </ActionSuccess>
    );
  }
  if (remove.isError) return <ActionError error={remove.error} onRetry={() => remove.reset()} />;
  if (policy.isPending) return <Loading label={t('freeze.loading')} />;
  if (policy.isError) return <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />;

  const current = policy.data.membership.current_freeze;
  const scheduled = policy.data.membership.scheduled_freeze;
  const freeze = current ?? scheduled;
  const kind: Kind = current ? 'current' : 'scheduled';

  if (!freeze) {
    return (
      <Card>
        <h2 className={styles.title}>{t('cancelFreeze.none.title')}</h2>
        <p>{t('cancelFreeze.none.text')}</p>
        <BackToMembership />
      </Card>
    );
  }

  const fee = restOfMonthFee(membership.product.schedule.monthly_fee, today);
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t(`cancelFreeze.title.${kind}`)}
        </h2>
        <p className={prose.highlight}>
          {t(`freeze.form.currentDates.${kind}`, {
            begin: formatDate(freeze.begin_date, locale),
            end: formatDate(freeze.end_date, locale),
          })}
        </p>
        {kind === 'current' ? (
          <ul className={prose.points}>
            <li>{t('cancelFreeze.current.endsToday')}</li>
            <li>
              {t('cancelFreeze.current.fee', {
                amount: formatMoney(fee.amount, currency, locale),
                from: formatDate(fee.from, locale),
                to: formatDate(fee.to, locale),
                fee: formatMoney(membership.product.schedule.monthly_fee, currency, locale),
              })}
            </li>
          </ul>
        ) : (
          <ul className={prose.points}>
            <li>{t('cancelFreeze.scheduled.removed')}</li>
            <li>{t('cancelFreeze.scheduled.noCost')}</li>
          </ul>
        )}
        <div className={styles.actions}>
          <Button
            busy={remove.isPending}
            busyLabel={t('cancelFreeze.busy')}
            onClick={() => remove.mutate({ freeze, kind })}
          >
            {t(`cancelFreeze.title.${kind}`)}
          </Button>
          <BackToMembership variant="secondary" />
        </div>
      </Card>
    </section>
  );
}
