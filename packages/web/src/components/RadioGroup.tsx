import { type ReactNode, useId } from 'react';
import { FieldError } from './Field.tsx';
import styles from './RadioGroup.module.css';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

/**
 * One choice among a few, as cards a thumb can hit: native radios under a fieldset and
 * legend, so arrow keys move the choice and screen readers say "1 of 3" as the platform
 * does. The hint and the error are tied to the group.
 */
export function RadioGroup<V extends string>({
  legend,
  hint,
  error,
  options,
  value,
  onChange,
  name,
}: {
  legend: string;
  hint?: string;
  error?: string | undefined;
  options: readonly RadioOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  name?: string;
}) {
  const id = useId();
  const groupName = name ?? `radio-${id}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={styles.group}
      aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.options}>
        {options.map((option) => {
          const inputId = `${id}-${option.value}`;
          return (
            <label key={option.value} htmlFor={inputId} className={styles.option}>
              <input
                id={inputId}
                type="radio"
                name={groupName}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                // Named by the label alone: the hint, inside the same card, is its description.
                aria-labelledby={`${inputId}-label`}
                aria-describedby={option.hint ? `${inputId}-hint` : undefined}
                onChange={() => onChange(option.value)}
              />
              <span className={styles.text}>
                <span id={`${inputId}-label`} className={styles.label}>
                  {option.label}
                </span>
                {option.hint && (
                  <span id={`${inputId}-hint`} className={styles.optionHint}>
                    {option.hint}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
