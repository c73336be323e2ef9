import { activeChip, canUseChipServices, currentChip, newestPin } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoadedMembership } from '../../lib/membership.ts';
import styles from './Access.module.css';
import { KeyStatusBadge, PinDisplay } from './PinDisplay.tsx';

/** The overview's access section: the real state of the chip in use and of the newest PIN. */
export function AccessState() {
  const { t } = useTranslation();
  const { keys } = useLoadedMembership();
  const chip = currentChip(keys);
  const pin = newestPin(keys);
  if (!chip && !pin) return <p className={styles.muted}>{t('access.none')}</p>;
  return (
    <div className={styles.state}>
      {chip && (
        <div className={styles.keyLine}>
          <span className={styles.keyName}>{t('access.chip', { code: chip.code })}</span>
          <KeyStatusBadge keyItem={chip} />
        </div>
      )}
      {pin && <PinDisplay pin={pin} />}
    </div>
  );
}

/** Links to activate a chip, report it lost or get a PIN for a forgotten one, as the status allows. */
export function AccessLinks() {
  const { t } = useTranslation();
  const { status, keys } = useLoadedMembership();
  if (!canUseChipServices(status)) return null;
  const hasChip = activeChip(keys) !== null;
  return (
    <>
      <Link to="/membership/activate_chip">{t('access.links.activate')}</Link>
      {hasChip && <Link to="/membership/lost_chip">{t('access.links.lost')}</Link>}
      {hasChip && <Link to="/membership/forgotten_chip">{t('access.links.forgotten')}</Link>}
    </>
  );
}
