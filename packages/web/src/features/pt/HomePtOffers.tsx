import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../lib/operator.ts';
import styles from './Pt.module.css';
import { PtWidget } from './PtWidget.tsx';

/**
 * Home's PT package buy widget (spec section 2), only where the operator has PT (the same
 * flag as the menu's offers and pt items). Left out when the portal refuses PT to this
 * member: home is no place to explain why; /offers does.
 */
export function HomePtOffers() {
  const operator = useOperator();
  const [refused, setRefused] = useState(false);
  if (!operator.ptEnabled || refused) return null;
  return <HomePtSection onRefused={() => setRefused(true)} />;
}

function HomePtSection({ onRefused }: { onRefused: () => void }) {
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
