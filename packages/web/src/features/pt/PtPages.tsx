import type { PtWidgetKind } from '@portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../lib/operator.ts';
import styles from './Pt.module.css';
import { PtWidget } from './PtWidget.tsx';

/** A PT page: its heading, one line on what it is for, and the provider's widget. */
function PtWidgetPage({
  widget,
  area,
  view,
}: {
  widget: PtWidgetKind;
  area: 'offers' | 'booking';
  view: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t(`pt.${area}.title`)}
        </h2>
        <p className={styles.intro}>{t(`pt.${area}.intro`)}</p>
      </header>
      <PtWidget widget={widget} view={view} />
    </section>
  );
}

/** /offers: the PT package buy widget (spec section 2; the route guard keeps out operators without PT). */
export function OffersPage() {
  return <PtWidgetPage widget="package_buy" area="offers" view="pt_offers_view" />;
}

/** /pt: the PT member booking widget. */
export function PtPage() {
  return <PtWidgetPage widget="booking" area="booking" view="pt_booking_view" />;
}

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
