import { zodResolver } from '@hookform/resolvers/zod';
import type { Mobile, Profile } from '@portal/contract';
import {
  canChangeMobile,
  checkMobile,
  checkMobileNumber,
  findPrefix,
  mobileChanged,
  needsPhoneVerification,
  normalizeEmail,
  normalizeMobileNumber,
  phoneVerificationLimits,
  type ProfileRuleContext,
  toE164,
} from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { ActionError, ActionSuccess } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Field } from '../../components/Field.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Notice } from '../../components/Notice.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { api } from '../../lib/api.ts';
import { logEvent } from '../../lib/events.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import styles from './Profile.module.css';
import { CODE_ERRORS, errorType, profileErrorTexts } from './profileErrors.ts';
import {
  codeSchema,
  digitsText,
  initialValues,
  type PrefixOption,
  type ProfileFormValues,
  prefixOptions,
  profileSchema,
  updateRequest,
} from './profileForm.ts';
import { usePhonePrefixes } from './queries.ts';

/** "+47 41299001", kept on one line. */
const formatMobile = (mobile: Mobile) => `${mobile.prefix}\u00a0${mobile.number}`.trim();

/**
 * A heading that takes focus when `key` changes (and on mount with `onMount`), so a member
 * coming back to a step starts at its title. A hidden heading cannot take focus.
 */
function useFocusOnChange(key: number, onMount = false) {
  const ref = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows `key` only.
  useEffect(() => {
    if (mounted.current || onMount) ref.current?.focus();
    mounted.current = true;
  }, [key]);
  return ref;
}

/** Name, birthdate and gender: shown, never sent (docs/profile-and-phone.md). */
function AboutYou({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const id = useId();
  const notStated = t('profile.about.notStated');
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('profile.about.title')}
        </h2>
        <dl className={styles.facts}>
          <dt>{t('profile.about.name')}</dt>
          <dd>{`${profile.first_name} ${profile.last_name}`}</dd>
          <dt>{t('profile.about.birthdate')}</dt>
          <dd>{profile.birthdate ? formatDate(profile.birthdate, i18n.language) : notStated}</dd>
          <dt>{t('profile.about.gender')}</dt>
          <dd>{profile.gender ? t(`profile.about.genders.${profile.gender}`) : notStated}</dd>
        </dl>
        <p className={styles.muted}>
          <SupportText i18nKey="profile.about.viaSupport" email={operator.supportEmail} />
        </p>
      </Card>
    </section>
  );
}

/** A catalogue text with the support address as a mail link. */
function SupportText({ i18nKey, email }: { i18nKey: string; email: string }) {
  return (
    <Trans
      i18nKey={i18nKey}
      values={{ email }}
      components={{ mail: <a href={`mailto:${email}`}>{email}</a> }}
    />
  );
}

/** Where a phone change goes through support: the number as text, and whom to write to. */
function MobileViaSupport({ mobile }: { mobile: Mobile }) {
  const { t } = useTranslation();
  const operator = useOperator();
  return (
    <div className={styles.fixed}>
      <p className={styles.fixedLabel}>{t('profile.form.mobile')}</p>
      <p className={styles.fixedValue}>{formatMobile(mobile)}</p>
      <p className={styles.fixedHint}>
        <SupportText i18nKey="profile.form.viaSupport" email={operator.supportEmail} />
      </p>
    </div>
  );
}

interface FormProps {
  profile: Profile;
  focusKey: number;
  options: PrefixOption[] | null;
  context: ProfileRuleContext;
  busy: boolean;
  sendError: unknown;
  onSubmit: (values: ProfileFormValues) => void;
}

function ProfileForm({ profile, options, context, focusKey, busy, sendError, onSubmit }: FormProps) {
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

interface VerifyProps {
  mobile: Mobile;
  expiry: string;
  /** How many codes went out in this visit (a notice confirms the resent one). */
  sends: number;
  focusKey: number;
  saving: boolean;
  resending: boolean;
  sendError: unknown;
  onConfirm: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** The SMS step: the code the member received, typed in; the server checks it when saving. */
function VerifyStep(props: VerifyProps) {
  const { mobile, expiry, sends, focusKey, saving, resending, sendError, onConfirm, onResend, onBack } =
    props;
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const headingRef = useFocusOnChange(focusKey, true);
  const schema = useMemo(() => codeSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' }, resolver: zodResolver(schema) });
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
            error={errors.code?.message}
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

type Save = { values: ProfileFormValues; code?: string };

/**
 * /membership/profile: e-mail, address and mobile (with an SMS code where the product
 * verifies numbers, as text where support changes them); name, birthdate and gender shown.
 */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const { profile, product } = useLoadedMembership();
  const editableMobile = canChangeMobile(operator);
  const prefixes = usePhonePrefixes(editableMobile);
  const [draft, setDraft] = useState<ProfileFormValues | null>(null);
  const [step, setStep] = useState<'form' | 'verify'>('form');
  const [expiry, setExpiry] = useState<string | null>(null);
  const [sends, setSends] = useState(0);
  /** Moves focus to the step's heading when the member comes back to it. */
  const [focusKey, setFocusKey] = useState(0);
  // The mobile on file when the page opened: the membership reloads after every call.
  const [onFile] = useState(profile.mobile);

  const sendCode = useMutation({
    mutationFn: (values: ProfileFormValues) =>
      api('verifyPhone', { body: { domain: window.location.hostname, mobile: toE164(values.mobile) } }),
    onMutate: () => logEvent('phone_verify', 'in_progress'),
    onSuccess: (answer) => {
      logEvent('phone_verify', 'success');
      setExpiry(answer.code_expiry);
      setSends((n) => n + 1);
      setStep('verify');
    },
    onError: () => logEvent('phone_verify', 'failure'),
  });
  const save = useMutation({
    mutationFn: ({ values, code }: Save) => api('updateProfile', { body: updateRequest(values, code) }),
    onMutate: () => logEvent('profile_update', 'in_progress'),
    onSuccess: () => logEvent('profile_update', 'success'),
    onError: () => logEvent('profile_update', 'failure'),
  });

  const context = useMemo<ProfileRuleContext>(
    () => ({
      prefixes: prefixes.data ?? [],
      requirePhoneVerification: product.require_phone_verification,
      current: onFile,
      phoneChangeViaSupport: !editableMobile,
    }),
    [prefixes.data, product.require_phone_verification, onFile, editableMobile],
  );
  const options = useMemo(
    () =>
      editableMobile && prefixes.data
        ? prefixOptions(prefixes.data, product.require_phone_verification, onFile.prefix, i18n.language)
        : null,
    [editableMobile, prefixes.data, product.require_phone_verification, onFile.prefix, i18n.language],
  );

  // The result pages come first: after the change the membership reloads.
  if (save.isSuccess) {
    const saved = save.data;
    return (
      <ActionSuccess title={t('profile.success.title')}>
        <p>{t('profile.success.confirmation', { email: saved.email })}</p>
        {mobileChanged(onFile, saved.mobile) && (
          <p>
            {t(
              product.require_phone_verification ? 'profile.success.mobile' : 'profile.success.mobileSaved',
              {
                number: formatMobile(saved.mobile),
              },
            )}
          </p>
        )}
      </ActionSuccess>
    );
  }
  if (editableMobile && prefixes.isPending) return <Loading label={t('profile.loading')} />;
  if (editableMobile && prefixes.isError) {
    return <ErrorState error={prefixes.error} onRetry={() => void prefixes.refetch()} />;
  }

  const submit = (values: ProfileFormValues) => {
    setDraft(values);
    if (editableMobile && needsPhoneVerification(onFile, values.mobile, product.require_phone_verification)) {
      sendCode.mutate(values);
    } else {
      save.mutate({ values });
    }
  };

  // The error page covers the steps without unmounting them, so "try again" returns to
  // what the member typed (the code step for a refused code, else the form).
  const retry = () => {
    if (!CODE_ERRORS.has(errorType(save.error) ?? '')) setStep('form');
    save.reset();
    sendCode.reset();
    setFocusKey((k) => k + 1);
  };
  return (
    <div className={styles.page}>
      {save.isError && (
        <ActionError error={save.error} texts={profileErrorTexts(save.error, t)} onRetry={retry} />
      )}
      <div className={styles.page} hidden={save.isError}>
        <AboutYou profile={profile} />
        <div hidden={step === 'verify'}>
          <ProfileForm
            profile={profile}
            options={options}
            context={context}
            focusKey={focusKey}
            busy={save.isPending || (step === 'form' && sendCode.isPending)}
            sendError={step === 'form' ? sendCode.error : null}
            onSubmit={submit}
          />
        </div>
        {step === 'verify' && draft && expiry && (
          <VerifyStep
            mobile={draft.mobile}
            expiry={expiry}
            sends={sends}
            focusKey={focusKey}
            saving={save.isPending}
            resending={sendCode.isPending}
            sendError={sendCode.error}
            onConfirm={(code) => save.mutate({ values: draft, code })}
            onResend={() => sendCode.mutate(draft)}
            onBack={() => {
              sendCode.reset();
              setStep('form');
              setFocusKey((k) => k + 1);
            }}
          />
        )}
      </div>
    </div>
  );
}
