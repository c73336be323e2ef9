import type { Key } from '@portal/contract';
import { keyStatusText } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';
import styles from './Access.module.css';

/** A key's status as a badge: activated, deactivated, temporarily deactivated or expired. */
export function KeyStatusBadge({ keyItem }: { keyItem: Pick<Key, 'type' | 'status'> }) {
  const { t } = useTranslation();
  const text = keyStatusText(keyItem);
  return (
    <span className={styles.badge} data-status={text}>
      {t(`access.status.${text}`)}
    </span>
  );
}

/**
 * The PIN display: the newest PIN with its status; while it works, its digits, how to
 * enter it (followed by #) and until when a temporary PIN is valid.
 */
export function PinDisplay({
  pin,
  framed = false,
}: {
  pin: Key /** A box of its own, inside running text. */;
  framed?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const works = pin.status === 'active';
  return (
    <div className={framed ? `${styles.pin} ${styles.framed}` : styles.pin}>
      <div className={styles.keyLine}>
        <span className={styles.keyName}>{t('access.pinDisplay.label')}</span>
        <KeyStatusBadge keyItem={pin} />
      </div>
      {works ? (
        <>
          <p className={styles.pinCode} translate="no">
            <span className={styles.digits}>{pin.code}</span>
            <span className={styles.hash} aria-hidden="true">
              #
            </span>
          </p>
          <p className={styles.pinHint}>{t('access.pinDisplay.enter')}</p>
          {pin.valid_to && (
            <p className={styles.pinValidity}>
              {t(
                pin.valid_to === pin.valid_from
                  ? 'access.pinDisplay.validOneDay'
                  : 'access.pinDisplay.validUntil',
                {
                  date: formatDate(pin.valid_to, i18n.language),
                },
              )}
            </p>
          )}
        </>
      ) : (
        <p className={styles.muted}>{t('access.pinDisplay.inactive')}</p>
      )}
    </div>
  );
}
