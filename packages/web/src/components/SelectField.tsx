import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { FieldError } from './Field.tsx';
import fieldStyles from './Field.module.css';
import styles from './SelectField.module.css';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (keyboard and screen readers know it), hint and error tied to it. */
export function SelectField({
  label,
  hint,
  error,
  id,
  children,
  className,
  ref,
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? `select-${autoId}`;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${fieldStyles.field} ${className ?? ''}`}>
      <label className={fieldStyles.label} htmlFor={selectId}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      <select
        ref={ref}
        id={selectId}
        className={`${fieldStyles.input} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {children}
      </select>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
