import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import fieldStyles from './Field.module.css';
import styles from './SelectField.module.css';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string | undefined;
  children: ReactNode;
}

/** A labelled native select (keyboard and screen readers know it), hint tied to it. */
export function SelectField({ label, hint, id, children, className, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? `select-${autoId}`;
  const hintId = hint ? `${selectId}-hint` : undefined;
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
        id={selectId}
        className={`${fieldStyles.input} ${styles.select}`}
        aria-describedby={hintId}
        {...select}
      >
        {children}
      </select>
    </div>
  );
}
