import type { PtWidgetKind } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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

/** /offers: the PT package buy widget (the route guard keeps out operators without PT). */
export function OffersPage() {
  return <PtWidgetPage widget="package_buy" area="offers" view="pt_offers_view" />;
}

/** /pt: the PT member booking widget. */
export function PtPage() {
  return <PtWidgetPage widget="booking" area="booking" view="pt_booking_view" />;
}
