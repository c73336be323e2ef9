import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../components/Field.tsx';
import styles from './Cancellation.module.css';

export type ConsentAnswer = 'yes' | 'no' | null;

/**
 * "Would you like to receive offers and news by e-mail?" as a native radio group. Asked only
 * of members who have not opted in, so it invites them to start rather than to keep on.
 * Arrow keys move between the answers; the error (confirming without an answer) is tied
 * to the group.
 */
export function ConsentQuestion({
  value,
  onChange,
  error,
  firstRef,
}: {
  value: ConsentAnswer;
  onChange: (value: 'yes' | 'no') => void;
  error: string | null;
  firstRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const legendId = `${id}-legend`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={styles.consent}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows radiogroup on a fieldset; the native radios inside do the interaction
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={error ? `${errorId} ${hintId}` : hintId}
      aria-required="true"
      aria-invalid={error ? true : undefined}
    >
      <legend id={legendId} className={styles.consentLegend}>
        {t('cancellation.consent.question')}
      </legend>
      <p id={hintId} className={styles.consentHint}>
        {t('cancellation.consent.hint')}
      </p>
      <div className={styles.consentOptions}>
        {(['yes', 'no'] as const).map((answer, i) => (
          <label key={answer} className={styles.radio}>
            <input
              ref={i === 0 ? firstRef : undefined}
              type="radio"
              name={`${id}-consent`}
              value={answer}
              checked={value === answer}
              onChange={() => onChange(answer)}
            />
            <span>{t(`common.${answer}`)}</span>
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
