import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Pt.module.css';
import { PtWidget } from './PtWidget.tsx';

/** Home's PT section: a heading and the package buy widget (loaded by HomePtOffers). */
export function HomePtSection({ onRefused }: { onRefused: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.homeTitle}>
        {t('pt.home.title')}
      </h2>
      <PtWidget widget="package_buy" view="pt_offers_view" placement="home" onRefused={onRefused} />
    </section>
  );
}
