import type { ReactNode, Ref } from 'react';
import styles from './Notice.module.css';

export interface NoticeProps {
  tone: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/** An inline message; errors are announced assertively, the rest politely. */
export function Notice({ tone, title, children, ref }: NoticeProps) {
  return (
    <div
      ref={ref}
      className={`${styles.notice} ${styles[tone]}`}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
    >
      <span className={styles.icon} aria-hidden="true">
        {tone === 'error' ? '!' : tone === 'success' ? '✓' : 'i'}
      </span>
      <div>
        {title && <p className={styles.title}>{title}</p>}
        <div className={styles.body}>{children}</div>
      </div>
    </div>
  );
}
