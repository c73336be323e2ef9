import { newestPin, showsPinBlock } from '@portal/domain';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { useLoadedMembership } from '../../lib/membership.ts';
import styles from './Access.module.css';
import { PinDisplay } from './PinDisplay.tsx';

/** Home's PIN block: shown unless the member holds a chip; `children` below the PIN (home's way to the entry code). */
export function HomePinBlock({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { keys } = useLoadedMembership();
  const id = useId();
  if (!showsPinBlock(keys)) return null;
  const pin = newestPin(keys);
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('access.home.title')}
        </h2>
        {pin ? <PinDisplay pin={pin} /> : <p className={styles.muted}>{t('access.home.none')}</p>}
        {children}
      </Card>
    </section>
  );
}
