import styles from './Loading.module.css';

/** A spinner with a text screen readers announce. */
export function Loading({ label, skeleton = false }: { label: string; skeleton?: boolean }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      {skeleton ? (
        <div className={styles.skeleton} aria-hidden="true">
          <span className={styles.line} style={{ width: '55%' }} />
          <span className={styles.line} style={{ width: '85%' }} />
          <span className={styles.line} style={{ width: '70%' }} />
        </div>
      ) : (
        <span className={styles.spinner} aria-hidden="true" />
      )}
      <span className={skeleton ? 'visually-hidden' : styles.label}>{label}</span>
    </div>
  );
}
