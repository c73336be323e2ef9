import type { TemporaryPinIssued } from '@portal/contract';
import { activeChip, maskedMobile, newestPin } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionError, ActionSuccess, BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import prose from '../../components/Prose.module.css';
import { formatMoney } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import { accessErrorTexts } from './accessErrors.ts';
import styles from './Access.module.css';
import { PinDisplay } from './PinDisplay.tsx';
import { temporaryPinMutation } from './queries.ts';

function ForgottenChipSuccess({ issued }: { issued: TemporaryPinIssued }) {
  const { t, i18n } = useTranslation();
  const membership = useLoadedMembership();
  const pin = newestPin(membership.keys);
  const fee =
    issued.fee === null ? null : formatMoney(issued.fee, membership.operator.currency, i18n.language);
  return (
    <ActionSuccess title={t('access.forgotten.success.title')}>
      <p>
        {issued.already_issued
          ? t('access.forgotten.success.already')
          : t('access.forgotten.success.sent', { mobile: issued.sent_to })}
      </p>
      {pin && <PinDisplay pin={pin} framed />}
      {fee && !issued.already_issued && <p>{t('access.forgotten.success.fee', { fee })}</p>}
    </ActionSuccess>
  );
}

/**
 * /membership/forgotten_chip: a temporary PIN for today by SMS, with the operator's SMS fee
 * where it has one. One a day; asking again shows the same PIN and costs nothing.
 */
export function ForgottenChipPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const operator = useOperator();
  const membership = useLoadedMembership();
  const id = useId();
  const send = useMutation(temporaryPinMutation());

  if (send.isSuccess) return <ForgottenChipSuccess issued={send.data} />;
  if (send.isError) {
    return (
      <ActionError error={send.error} texts={accessErrorTexts(send.error, t, locale)} onRetry={send.reset} />
    );
  }
  if (!activeChip(membership.keys)) {
    return (
      <Card>
        <h2 className={styles.title}>{t('access.forgotten.noChip.title')}</h2>
        <p>{t('access.forgotten.noChip.text')}</p>
        <BackToMembership />
      </Card>
    );
  }

  const fee = operator.forgottenChipSmsFee;
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('access.forgotten.title')}
        </h2>
        <p>{t('access.forgotten.intro', { mobile: maskedMobile(membership.profile.mobile) })}</p>
        <ul className={prose.points}>
          {fee && (
            <li>{t('access.forgotten.fee', { fee: formatMoney(fee.amount, fee.currency, locale) })}</li>
          )}
          <li>{t('access.forgotten.once')}</li>
          <li>{t('access.pinDisplay.enter')}</li>
        </ul>
        <div className={styles.actions}>
          <Button
            busy={send.isPending}
            busyLabel={t('access.forgotten.busy')}
            onClick={() => {
              if (!send.isPending) send.mutate();
            }}
          >
            {t('access.forgotten.submit')}
          </Button>
          <BackToMembership variant="secondary" />
        </div>
      </Card>
    </section>
  );
}
