import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { formatDate } from '../../../lib/format.ts';
import styles from './PrintSheet.module.css';

export interface PartyData {
  name: string;
  address_lines: readonly string[];
  identifiers: readonly { label: string; value: string }[];
}

/**
 * A printable document (invoice, health-insurance confirmation): on screen an A4 sheet that
 * fits the viewport, in print the sheet alone on A4 (the shell hides itself in print).
 */
export function PrintSheet({
  label,
  printLabel,
  backLabel,
  children,
}: {
  label: string;
  printLabel: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <ButtonLink to="/payment" variant="ghost">
          {backLabel}
        </ButtonLink>
        <Button onClick={() => window.print()}>{printLabel}</Button>
      </div>
      <div className={styles.frame}>
        <article className={styles.sheet} aria-label={label}>
          {children}
        </article>
      </div>
    </div>
  );
}

/** A name-and-address block with the identifiers the market prints (VAT number, member number…). */
export function Party({ party, heading }: { party: PartyData; heading?: string }) {
  return (
    <div className={styles.party}>
      {heading && <span className={styles.partyHeading}>{heading}</span>}
      <strong className={styles.partyName}>{party.name}</strong>
      {party.address_lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
      {party.identifiers.map((id) => (
        <span key={id.label} className={styles.identifier}>
          {id.label}: {id.value}
        </span>
      ))}
    </div>
  );
}

/** A period as two medium dates, e.g. "1 Apr 2025 – 30 Apr 2025". */
export function formatPeriod(period: { from: string; to: string }, locale: string): string {
  return `${formatDate(period.from, locale, 'medium')} – ${formatDate(period.to, locale, 'medium')}`;
}
