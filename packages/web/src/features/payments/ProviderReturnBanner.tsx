import type { ReactNode } from 'react';
import styles from './card/Card.module.css';

/**
 * The frame of what a card provider's return comes to (the card update, paying an invoice
 * now): a live region that stays in the page, so each change is announced, around the
 * state the return is in.
 */
export function ProviderReturnBanner({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-label={label} className={styles.banner}>
      {children}
    </div>
  );
}

/** One state of a return: still confirming (a spinner), failed or done, with its title. */
export function ProviderReturnState({
  tone,
  title,
  children,
}: {
  tone: 'pending' | 'error' | 'success';
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.bannerBox} data-tone={tone}>
      {tone === 'pending' ? (
        <span className={styles.spinner} aria-hidden="true" />
      ) : (
        <span className={styles.bannerIcon} aria-hidden="true">
          {tone === 'error' ? '!' : '✓'}
        </span>
      )}
      <div className={styles.bannerBody}>
        <p className={styles.bannerTitle}>{title}</p>
        {children}
      </div>
    </div>
  );
}
