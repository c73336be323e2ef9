import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionError, ActionSuccess, BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import styles from './Cancellation.module.css';
import { reactivateMutation } from './queries.ts';
import prose from '../../components/Prose.module.css';

/**
 * /membership/reactivate (in_cancellation only): reactivating before the end date is free
 * and keeps the terms; after it, rejoining is a new signup (with the operator's fee).
 */
export function ReactivatePage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const operator = useOperator();
  const membership = useLoadedMembership();
  const id = useId();
  const fee = operator.signupFeeOnReturn;

  const reactivate = useMutation(reactivateMutation());

  if (reactivate.isSuccess) {
    return (
      <ActionSuccess title={t('reactivate.success.title')}>
        <p>{t('reactivate.success.text')}</p>
      </ActionSuccess>
    );
  }
  if (reactivate.isError) return <ActionError error={reactivate.error} onRetry={() => reactivate.reset()} />;

  const end = membership.end_date ? formatDate(membership.end_date, locale) : null;
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('reactivate.title')}
        </h2>
        {end && <p className={prose.highlight}>{t('reactivate.endsOn', { date: end })}</p>}
        <ul className={prose.points}>
          <li>{t('reactivate.free')}</li>
          <li>{t('reactivate.keepsTerms')}</li>
          {fee && (
            <li>
              {end
                ? t('reactivate.signupFee', {
                    date: end,
                    fee: formatMoney(fee.amount, fee.currency, locale),
                  })
                : t('reactivate.signupFeeNoDate', { fee: formatMoney(fee.amount, fee.currency, locale) })}
            </li>
          )}
        </ul>
        <div className={styles.actions}>
          <Button
            busy={reactivate.isPending}
            busyLabel={t('reactivate.busy')}
            onClick={() => reactivate.mutate()}
          >
            {t('reactivate.confirm')}
          </Button>
          <BackToMembership variant="secondary" />
        </div>
      </Card>
    </section>
  );
}
