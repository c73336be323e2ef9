import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@portal/contract';
import {
  checkMobile,
  checkMobileNumber,
  findPrefix,
  needsPhoneVerification,
  normalizeEmail,
  normalizeMobileNumber,
  type ProfileRuleContext,
} from '@portal/domain';
import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Field } from '../../components/Field.tsx';
import { Notice } from '../../components/Notice.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { MobileViaSupport } from './MobileViaSupport.tsx';
import styles from './Profile.module.css';
import { profileErrorTexts } from './profileErrors.ts';
import {
  digitsText,
  initialValues,
  type PrefixOption,
  type ProfileFormValues,
  profileSchema,
} from './profileForm.ts';
import { useFocusOnChange } from './useFocusOnChange.ts';

interface FormProps {
  profile: Profile;
  focusKey: number;
  options: PrefixOption[] | null;
  context: ProfileRuleContext;
  busy: boolean;
  sendError: unknown;
  onSubmit: (values: ProfileFormValues) => void;
}

/** The form step: e-mail, address and, where the member may change it here, the mobile. */
export function ProfileForm({ profile, options, context, focusKey, busy, sendError, onSubmit }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const headingRef = useFocusOnChange(focusKey);
  const schema = useMemo(() => profileSchema(context, t), [context, t]);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    trigger,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues>({
    defaultValues: initialValues(profile, options),
    resolver: zodResolver(schema),
    mode: 'onTouched',
  });
  const editableMobile = options !== null;
  // A mobile on file that breaks the rules (e.g. "0049" as prefix) is pointed out at once.
  const invalidOnFile = editableMobile && checkMobile(context.current, context).length > 0;
  useEffect(() => {
    if (invalidOnFile) void trigger(['mobile.prefix', 'mobile.number']);
  }, [invalidOnFile, trigger]);

  const mobile = watch('mobile');
  const withCode =
    editableMobile && needsPhoneVerification(context.current, mobile, context.requirePhoneVerification);
  const lengths = checkMobileNumber('', findPrefix(context.prefixes, mobile.prefix));

  /** Normalizes a field when it is left (e-mail lowercased, spaces out of the number). */
  const normalizeOnBlur = (name: 'email' | 'mobile.number', normalize: (v: string) => string) =>
    register(name, {
      onBlur: (event: { target: { value: string } }) => {
        const value = normalize(event.target.value);
        if (value !== event.target.value) setValue(name, value, { shouldValidate: true, shouldDirty: true });
      },
    });

  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} ref={headingRef} tabIndex={-1} className={styles.title}>
          {t('profile.form.title')}
        </h2>
        {invalidOnFile && <Notice tone="info">{t('profile.form.invalidOnFile')}</Notice>}
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <Field
            label={t('profile.form.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...normalizeOnBlur('email', normalizeEmail)}
          />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('profile.form.address')}</legend>
            <Field
              label={t('profile.form.street')}
              autoComplete="street-address"
              error={errors.address?.street?.message}
              {...register('address.street')}
            />
            <div className={styles.pair}>
              <Field
                label={t('profile.form.postalCode')}
                autoComplete="postal-code"
                error={errors.address?.postal_code?.message}
                {...register('address.postal_code')}
              />
              <Field
                label={t('profile.form.postalLocation')}
                autoComplete="address-level2"
                error={errors.address?.postal_location?.message}
                {...register('address.postal_location')}
              />
            </div>
          </fieldset>
          {options === null ? (
            <MobileViaSupport mobile={context.current} />
          ) : (
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t('profile.form.mobile')}</legend>
              <div className={styles.pair}>
                <SelectField
                  label={t('profile.form.prefix')}
                  autoComplete="tel-country-code"
                  error={errors.mobile?.prefix?.message}
                  {...register('mobile.prefix')}
                >
                  <option value="" disabled>
                    {t('profile.form.choosePrefix')}
                  </option>
                  {options.map((o) => (
                    <option key={o.prefix} value={o.prefix}>
                      {o.label}
                    </option>
                  ))}
                </SelectField>
                <Field
                  label={t('profile.form.number')}
                  hint={t('profile.form.numberHint', {
                    digits: digitsText(lengths.minLength, lengths.maxLength, t),
                  })}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  error={errors.mobile?.number?.message}
                  {...normalizeOnBlur('mobile.number', normalizeMobileNumber)}
                />
              </div>
              <div aria-live="polite">
                {withCode && <p className={styles.note}>{t('profile.form.codeNote')}</p>}
              </div>
            </fieldset>
          )}
          {sendError !== null && sendError !== undefined && (
            <Notice tone="error">
              {(profileErrorTexts(sendError, t) ?? [t('errors.generic')]).join(' ')}
            </Notice>
          )}
          <div className={styles.actions}>
            <Button
              type="submit"
              disabled={!isDirty}
              busy={busy}
              busyLabel={withCode ? t('profile.form.sending') : t('profile.form.saving')}
            >
              {withCode ? t('profile.form.submitWithCode') : t('profile.form.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
