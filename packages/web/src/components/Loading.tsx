import styles from './Loading.module.css';

/**
 * A spinner with a text screen readers announce. `skeleton` draws grey lines instead of the
 * spinner; both it and `labelHidden` keep the label for screen readers only, so the state's
 * height does not depend on how the label wraps or on the font it is drawn in (a placeholder
 * that must keep a fixed height, docs/performance.md "No layout shift").
 */
export function Loading({
  label,
  skeleton = false,
  labelHidden = false,
}: {
  label: string;
  skeleton?: boolean;
  labelHidden?: boolean;
}) {
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
      <span className={skeleton || labelHidden ? 'visually-hidden' : styles.label}>{label}</span>
    </div>
  );
}
