import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FieldError } from '../../../components/Field.tsx';
import fieldStyles from '../../../components/Field.module.css';
import { formatDate } from '../../../lib/format.ts';
import type { Effective, Kind } from './declarationForm.ts';
import styles from './Declaration.module.css';

export interface RadioOption {
  value: string;
  label: string;
  hint?: string | undefined;
}

/** Native radios in a fieldset: arrow keys move between them, the legend names the group. */
export function RadioGroup({
  legend,
  options,
  registration,
}: {
  legend: string;
  options: readonly RadioOption[];
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => {
          const inputId = `${id}-${option.value}`;
          return (
            <div key={option.value} className={styles.option}>
              <input
                id={inputId}
                type="radio"
                value={option.value}
                aria-describedby={option.hint ? `${inputId}-hint` : undefined}
                {...registration}
              />
              <div>
                <label htmlFor={inputId} className={styles.optionLabel}>
                  {option.label}
                </label>
                {option.hint && (
                  <p id={`${inputId}-hint`} className={styles.optionHint}>
                    {option.hint}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function TextArea({
  label,
  error,
  registration,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className={`${fieldStyles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required="true"
        {...registration}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** Ordinary or extraordinary; the extraordinary one needs its reason (§ 314 BGB). */
export function KindFields({
  kind,
  kindRegistration,
  reasonRegistration,
  reasonError,
}: {
  kind: Kind;
  kindRegistration: UseFormRegisterReturn;
  reasonRegistration: UseFormRegisterReturn;
  reasonError: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RadioGroup
        legend={t('publicCancellation.kind.legend')}
        registration={kindRegistration}
        options={[
          {
            value: 'ordinary',
            label: t('publicCancellation.kind.ordinary'),
            hint: t('publicCancellation.kind.ordinaryHint'),
          },
          {
            value: 'extraordinary',
            label: t('publicCancellation.kind.extraordinary'),
            hint: t('publicCancellation.kind.extraordinaryHint'),
          },
        ]}
      />
      {kind === 'extraordinary' && (
        <TextArea
          label={t('publicCancellation.kind.reason')}
          error={reasonError}
          registration={reasonRegistration}
        />
      )}
    </>
  );
}

/** The earliest possible date (named when the portal knows it) or a date of the member's choice. */
export function EffectiveDateFields({
  effective,
  earliestDate,
  today,
  effectiveRegistration,
  dateRegistration,
  dateError,
}: {
  effective: Effective;
  earliestDate?: string | null | undefined;
  today: string;
  effectiveRegistration: UseFormRegisterReturn;
  dateRegistration: UseFormRegisterReturn;
  dateError: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <RadioGroup
        legend={t('publicCancellation.effective.legend')}
        registration={effectiveRegistration}
        options={[
          {
            value: 'earliest',
            label: t('publicCancellation.effective.earliest'),
            hint: earliestDate
              ? t('publicCancellation.effective.earliestOn', {
                  date: formatDate(earliestDate, i18n.language),
                })
              : undefined,
          },
          { value: 'date', label: t('publicCancellation.effective.chosen') },
        ]}
      />
      {effective === 'date' && (
        <Field
          type="date"
          label={t('publicCancellation.effective.date')}
          min={today}
          required
          error={dateError}
          {...dateRegistration}
        />
      )}
    </>
  );
}

export function ConfirmationEmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Field
      type="email"
      label={t('publicCancellation.confirmationEmail')}
      hint={t('publicCancellation.confirmationEmailHint')}
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      error={error}
      {...registration}
    />
  );
}
