import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionError, ActionSuccess, BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import styles from './Consents.module.css';
import { consentMutation } from './queries.ts';

/**
 * /membership/consents: the marketing consent, its state and when it last changed. Giving
 * and withdrawing are the same single step (one button each way, equally prominent).
 */
export function ConsentsPage() {
  const { t, i18n } = useTranslation();
  const membership = useLoadedMembership();
  const id = useId();
  const given = membership.gdpr_opt_in;
  const save = useMutation(consentMutation());

  if (save.isSuccess) {
    const outcome = save.variables ? 'given' : 'withdrawn';
    return (
      <ActionSuccess title={t(`consents.success.${outcome}.title`)}>
        <p>{t(`consents.success.${outcome}.text`)}</p>
        <p>{t('consents.success.confirmation')}</p>
      </ActionSuccess>
    );
  }
  if (save.isError) return <ActionError error={save.error} onRetry={() => save.reset()} />;

  const changed = membership.gdpr_updated_at;
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('consents.title')}
        </h2>
        <p>{t('consents.intro')}</p>
        <div className={styles.state} data-given={given}>
          <p className={styles.stateLabel}>{t('consents.state.label')}</p>
          <p className={styles.stateValue}>
            <span className={styles.dot} aria-hidden="true" />
            {given ? t('consents.state.given') : t('consents.state.notGiven')}
          </p>
          <p className={styles.changed}>
            {changed
              ? t('consents.changedAt', {
                  date: formatDateTime(changed, i18n.language, membership.operator.timezone),
                })
              : t('consents.neverChanged')}
          </p>
        </div>
        <p className={styles.easy}>{t('consents.easy')}</p>
        <div className={styles.actions}>
          <Button busy={save.isPending} busyLabel={t('consents.saving')} onClick={() => save.mutate(!given)}>
            {given ? t('consents.withdraw') : t('consents.give')}
          </Button>
          <BackToMembership variant="secondary" />
        </div>
      </Card>
    </section>
  );
}
