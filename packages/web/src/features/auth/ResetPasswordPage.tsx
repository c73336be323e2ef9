import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { Notice } from '../../components/Notice.tsx';
import { PageLink } from '../../components/PageLink.tsx';
import { api } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { holdUntilHydrated, useHeldSubmit } from '../../lib/heldSubmit.ts';
import { useAction } from '../../lib/useAction.ts';
import { AuthCard } from './AuthCard.tsx';
import cardStyles from './AuthCard.module.css';
import { resetErrorKey } from './authErrors.ts';

export function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useHeldSubmit(formRef);
  const messageRef = useRef<HTMLDivElement>(null);

  const reset = useAction(
    useCallback(
      (name: string) =>
        api('resetPassword', {
          body: {
            operator_id: operator.id,
            username: name,
            url: window.location.origin,
            locale: i18n.language,
          },
        }),
      [operator.id, i18n.language],
    ),
  );

  useEffect(() => {
    if (reset.isError || reset.isSuccess) messageRef.current?.focus();
  }, [reset.isError, reset.isSuccess]);

  // An uncontrolled field, read on submit, like the login's (what was typed before hydration stays).
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const username = inputRef.current?.value ?? '';
    const empty = username.trim() === '';
    setInvalid(empty);
    if (empty) inputRef.current?.focus();
    else void reset.run(username.trim());
  };

  return (
    <AuthCard title={t('auth.reset.title')} intro={reset.isSuccess ? undefined : t('auth.reset.intro')}>
      {reset.isSuccess ? (
        <Notice tone="success" ref={messageRef}>
          {t('auth.reset.success')}
        </Notice>
      ) : (
        <>
          {reset.isError && (
            <Notice tone="error" ref={messageRef}>
              {t(resetErrorKey(reset.error))}
            </Notice>
          )}
          <form ref={formRef} {...holdUntilHydrated} noValidate onSubmit={onSubmit}>
            <Field
              ref={inputRef}
              name="username"
              label={t('auth.reset.username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              onChange={() => {
                if (invalid) setInvalid(false);
              }}
              error={invalid ? t('auth.validation.usernameRequired') : undefined}
            />
            <Button type="submit" fullWidth busy={reset.isPending} busyLabel={t('auth.reset.submitting')}>
              {t('auth.reset.submit')}
            </Button>
          </form>
        </>
      )}
      <p className={cardStyles.links}>
        <PageLink to="/">{t('auth.reset.backToLogin')}</PageLink>
      </p>
    </AuthCard>
  );
}
