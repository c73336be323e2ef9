import type { Key } from '@portal/contract';
import { activeChip, maskedMobile, newestPin } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionError, ActionSuccess, BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import prose from '../../components/Prose.module.css';
import { useLocale } from '../../lib/i18n.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { formatMoney } from '../../lib/format.ts';
import { useOperator } from '../../lib/operator.ts';
import { accessErrorTexts } from './accessErrors.ts';
import styles from './Access.module.css';
import { PinDisplay } from './PinDisplay.tsx';
import { lostChipMutation } from './queries.ts';

/** The lost-chip flow's states (docs/access-and-pins.md). */
export type LostChipState = 'idle' | 'busy' | 'success' | 'error';

/**
 * Refreshes the member, then reports the chip lost unless it is no longer among the keys
 * ("Key not assigned"). While busy, further clicks are ignored.
 */
function useLostChip() {
  const queryClient = useQueryClient();
  const locale = useLocale();
  const running = useRef(false);
  const mutation = useMutation({
    ...lostChipMutation(queryClient, locale),
    onSettled: () => {
      running.current = false;
    },
  });
  const state: LostChipState = mutation.isPending
    ? 'busy'
    : mutation.isSuccess
      ? 'success'
      : mutation.isError
        ? 'error'
        : 'idle';
  const report = (chip: Key) => {
    if (running.current) return;
    running.current = true;
    mutation.mutate(chip);
  };
  return { state, error: mutation.error, report, reset: mutation.reset };
}

function LostChipSuccess() {
  const { t } = useTranslation();
  const operator = useOperator();
  const membership = useLoadedMembership();
  const pin = newestPin(membership.keys);
  return (
    <ActionSuccess title={t('access.lost.success.title')}>
      <p>{t('access.lost.success.sms', { mobile: maskedMobile(membership.profile.mobile) })}</p>
      {pin && <PinDisplay pin={pin} framed />}
      <p>{t('access.lost.success.next')}</p>
      {operator.temporaryPinContactClubManager && <p>{t('access.lost.contactManager')}</p>}
    </ActionSuccess>
  );
}

/** /membership/lost_chip: blocks the chip, orders a replacement and sends a temporary PIN. */
export function LostChipPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const operator = useOperator();
  const membership = useLoadedMembership();
  const id = useId();
  const lost = useLostChip();
  // The chip the page was opened for: the membership reloads once it is blocked.
  const [chip] = useState(() => activeChip(membership.keys));

  if (lost.state === 'success') return <LostChipSuccess />;
  if (lost.state === 'error') {
    return (
      <ActionError error={lost.error} texts={accessErrorTexts(lost.error, t, locale)} onRetry={lost.reset} />
    );
  }
  if (!chip) {
    return (
      <Card>
        <h2 className={styles.title}>{t('access.lost.noChip.title')}</h2>
        <p>{t('access.lost.noChip.text')}</p>
        <BackToMembership />
      </Card>
    );
  }

  const validity = operator.temporaryPinValidity;
  const fee = operator.replacementChipFee;
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('access.lost.title')}
        </h2>
        <p className={prose.highlight}>{t('access.lost.chip', { code: chip.code })}</p>
        <ul className={prose.points}>
          <li>{t('access.lost.blocked')}</li>
          <li>{t('access.lost.replacement')}</li>
          {fee && <li>{t('access.lost.fee', { fee: formatMoney(fee.amount, fee.currency, locale) })}</li>}
          <li>
            {t('access.lost.pin', {
              mobile: maskedMobile(membership.profile.mobile),
              validity:
                'months' in validity
                  ? t('access.validity.months', { count: validity.months })
                  : t('access.validity.days', { count: validity.days }),
            })}
          </li>
          {operator.temporaryPinContactClubManager && <li>{t('access.lost.contactManager')}</li>}
        </ul>
        <div className={styles.actions}>
          <Button
            variant="danger"
            busy={lost.state === 'busy'}
            busyLabel={t('access.lost.busy')}
            onClick={() => lost.report(chip)}
          >
            {t('access.lost.submit')}
          </Button>
          <BackToMembership variant="secondary" />
        </div>
      </Card>
    </section>
  );
}
