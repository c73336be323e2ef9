import { zodResolver } from '@hookform/resolvers/zod';
import type { Mobile } from '@portal/contract';
import { phoneVerificationLimits } from '@portal/domain';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Field } from '../../components/Field.tsx';
import { Notice } from '../../components/Notice.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useOperator } from '../../lib/operator.ts';
import { formatMobile } from './formatMobile.ts';
import styles from './Profile.module.css';
import { profileErrorTexts } from './profileErrors.ts';
import { codeSchema } from './profileForm.ts';
import { useFocusOnChange } from './useFocusOnChange.ts';

interface VerifyProps {
  mobile: Mobile;
  expiry: string;
  /** How many codes went out in this visit (a notice confirms the resent one). */
  sends: number;
  focusKey: number;
  saving: boolean;
  resending: boolean;
  sendError: unknown;
  /** The server's refusal of the typed code (expired, invalid), shown at the code field. */
  codeError?: string[] | undefined;
  onConfirm: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** The SMS step: the code the member received, typed in; the server checks it when saving. */
export function VerifyStep(props: VerifyProps) {
  const {
    mobile,
    expiry,
    sends,
    focusKey,
    saving,
    resending,
    sendError,
    codeError,
    onConfirm,
    onResend,
    onBack,
  } = props;
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const headingRef = useFocusOnChange(focusKey, true);
  const schema = useMemo(() => codeSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' }, resolver: zodResolver(schema) });
  const refusal = codeError?.join(' ');
  // A refused code puts the member back in the field, whose description reads the refusal.
  useEffect(() => {
    if (refusal) setFocus('code', { shouldSelect: true });
  }, [refusal, setFocus]);
  const until = formatDateTime(expiry, i18n.language, operator.timezone);

  return (
    <Card>
      <h2 ref={headingRef} tabIndex={-1} className={styles.title}>
        {t('profile.verify.title')}
      </h2>
      <p>{t('profile.verify.sent', { number: formatMobile(mobile) })}</p>
      <p className={styles.expiry}>{t('profile.verify.validUntil', { time: until })}</p>
      {sendError !== null && sendError !== undefined ? (
        <Notice tone="error">{(profileErrorTexts(sendError, t) ?? [t('errors.generic')]).join(' ')}</Notice>
      ) : (
        sends > 1 && <Notice tone="success">{t('profile.verify.resent')}</Notice>
      )}
      <form onSubmit={handleSubmit(({ code }) => onConfirm(code))} noValidate>
        <div className={styles.code}>
          <Field
            label={t('profile.verify.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            error={errors.code?.message ?? refusal}
            {...register('code')}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" busy={saving} busyLabel={t('profile.form.saving')}>
            {t('profile.verify.confirm')}
          </Button>
          <Button
            variant="secondary"
            onClick={onResend}
            busy={resending}
            busyLabel={t('profile.form.sending')}
          >
            {t('profile.verify.resend')}
          </Button>
          <Button variant="ghost" onClick={onBack}>
            {t('profile.verify.back')}
          </Button>
        </div>
      </form>
      <p className={styles.muted}>
        {t('profile.verify.resendLimit', { count: phoneVerificationLimits.sendsPerNumberPerHour })}
      </p>
    </Card>
  );
}
