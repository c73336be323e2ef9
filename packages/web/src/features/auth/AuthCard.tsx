import { type ReactNode, useEffect, useRef } from 'react';
import styles from './AuthCard.module.css';

/** The card of a logged-out screen; its heading takes focus when the screen changes. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Move focus to the new screen's heading, except on the first page load.
    if (document.activeElement && document.activeElement !== document.body) heading.current?.focus();
  }, []);
  return (
    <section className={styles.card} aria-labelledby="auth-title">
      <h1 id="auth-title" ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}
