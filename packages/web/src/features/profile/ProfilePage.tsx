import {
  canChangeMobile,
  mobileChanged,
  needsPhoneVerification,
  type ProfileRuleContext,
} from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionError, ActionSuccess } from '../../components/ActionResult.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import { AboutYou } from './AboutYou.tsx';
import { formatMobile } from './formatMobile.ts';
import styles from './Profile.module.css';
import { ProfileForm } from './ProfileForm.tsx';
import { CODE_ERRORS, errorType, profileErrorTexts } from './profileErrors.ts';
import { type ProfileFormValues, prefixOptions } from './profileForm.ts';
import { updateProfileMutation, usePhonePrefixes, verifyPhoneMutation } from './queries.ts';
import { VerifyStep } from './VerifyStep.tsx';

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

  const sendCode = useMutation(
    verifyPhoneMutation((answer) => {
      setExpiry(answer.code_expiry);
      setSends((n) => n + 1);
      setStep('verify');
    }),
  );
  const save = useMutation(updateProfileMutation());

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

  // A refused code (expired, invalid) is shown at the code field, the step kept.
  const codeRefused = save.isError && step === 'verify' && CODE_ERRORS.has(errorType(save.error) ?? '');
  const failed = save.isError && !codeRefused;
  // The error page covers the steps without unmounting them, so "try again" returns to
  // what the member typed (the form: a refused code never reaches this page).
  const retry = () => {
    setStep('form');
    save.reset();
    sendCode.reset();
    setFocusKey((k) => k + 1);
  };
  return (
    <div className={styles.page}>
      {failed && <ActionError error={save.error} texts={profileErrorTexts(save.error, t)} onRetry={retry} />}
      <div className={styles.page} hidden={failed}>
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
            codeError={codeRefused ? profileErrorTexts(save.error, t) : undefined}
            onConfirm={(code) => save.mutate({ values: draft, code })}
            onResend={() => {
              save.reset();
              sendCode.mutate(draft);
            }}
            onBack={() => {
              save.reset();
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
