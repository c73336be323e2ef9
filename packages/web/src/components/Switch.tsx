import { type InputHTMLAttributes, useId } from 'react';
import styles from './Switch.module.css';

/**
 * An on/off setting that applies at once: a native checkbox with role="switch" (Space
 * toggles it, screen readers say "on"/"off"), drawn as a switch in global.css. A choice
 * that needs a confirming button is a checkbox or radio instead.
 */
export function Switch({
  label,
  hint,
  checked,
  ...input
}: { label: string; hint?: string; checked: boolean } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'role' | 'checked'
>) {
  const id = useId();
  const inputId = input.id ?? `switch-${id}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={styles.row}>
      <span className={styles.text}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {hint && (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        )}
      </span>
      <input
        {...input}
        id={inputId}
        type="checkbox"
        role="switch"
        checked={checked}
        // Said as on/off; biome asks for it on a switch, and it must follow the checkbox.
        aria-checked={checked}
        aria-describedby={hintId}
      />
    </div>
  );
}
