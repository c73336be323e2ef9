import { type InputHTMLAttributes, type Ref, useId } from 'react';
import styles from './Field.module.css';
import { CircleAlert } from 'lucide';
import { Icon } from './Icon.tsx';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function Field({ label, hint, error, id, ref, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        ref={ref}
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** A control's error: an icon and the words, so it never rests on red alone (docs/design.md). */
export function FieldError({ id, children }: { id: string | undefined; children: string }) {
  return (
    <p id={id} className={styles.error}>
      <Icon node={CircleAlert} className={styles.errorIcon} size={18} />
      {children}
    </p>
  );
}
