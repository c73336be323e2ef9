import { type ReactNode, useId } from 'react';
import styles from './OwedNotice.module.css';

/** How a notice of money owed looks, on the payment page and on home: its mark, title and text. */
export function OwedNotice({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.notice}>
      <span className={styles.icon} aria-hidden="true">
        !
      </span>
      <div className={styles.body}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
