import { type ReactNode, useEffect, useId, useRef } from 'react';
import { formatDateParts } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { useOperator } from '../../../lib/operator.ts';
import styles from './Declaration.module.css';
import { Check } from 'lucide';
import { Icon } from '../../../components/Icon.tsx';

/** A point in time with the zone's name (MEZ, CET…): a receipt states exactly when. */
export function formatReceivedAt(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDateParts(date, locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  });
}

export interface ReceiptRow {
  label: string;
  value: ReactNode;
}

/**
 * The confirmation of receipt of a declaration (cancellation, withdrawal): what was received
 * and when, printable on its own (the print CSS hides the page around it).
 */
export function Receipt({
  level,
  title,
  receivedAt,
  rows,
  children,
  actions,
}: {
  /** 1 on a page of its own (logged out), 2 inside the shell under its title. */
  level: 1 | 2;
  title: string;
  receivedAt: string | undefined;
  rows: readonly ReceiptRow[];
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={`${styles.sheet} ${styles.receipt}`} aria-labelledby={id}>
      <p className={styles.sender}>{operator.name}</p>
      <div className={styles.receiptHead}>
        <span className={styles.check} aria-hidden="true">
          <Icon node={Check} strokeWidth={2.6} />
        </span>
        <Heading id={id} ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </Heading>
      </div>
      {receivedAt && (
        <p className={styles.received}>
          {t('publicCancellation.receipt.receivedAt', {
            date: formatReceivedAt(receivedAt, i18n.language, operator.timezone),
          })}
        </p>
      )}
      <dl className={styles.facts}>
        {rows.map((row) => (
          <div key={row.label} className={styles.fact}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {children && <div className={styles.notes}>{children}</div>}
      <div className={styles.actions}>
        <Button onClick={() => window.print()}>{t('publicCancellation.receipt.print')}</Button>
        {actions}
      </div>
    </section>
  );
}
