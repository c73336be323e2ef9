import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { Notice } from '../../components/Notice.tsx';
import { PageLink } from '../../components/PageLink.tsx';
import { api } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { session, useSession } from '../../lib/session.ts';
import { holdUntilHydrated, useHeldSubmit } from '../../lib/heldSubmit.ts';
import { useAction } from '../../lib/useAction.ts';
import { AuthCard } from './AuthCard.tsx';
import cardStyles from './AuthCard.module.css';
import { loginErrorKey } from './authErrors.ts';

interface Invalid {
  username?: boolean;
  password?: boolean;
}

export function LoginPage() {
  const { t } = useTranslation();
  const operator = useOperator();
  const { reason } = useSession();
  const [invalid, setInvalid] = useState<Invalid>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useHeldSubmit(formRef);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  const login = useAction(
    useCallback(
      async (name: string, secret: string) => {
        const answer = await api('authenticate', {
          body: { username: name, password: secret, operator_id: operator.id },
        });
        session.signIn(answer.token);
      },
      [operator.id],
    ),
  );

  useEffect(() => {
    if (login.isError) errorRef.current?.focus();
  }, [login.isError]);

  // Uncontrolled fields, read on submit: what a member typed into the prerendered form
  // before the script hydrated it stays (a controlled field would be reset to its state).
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const username = usernameRef.current?.value ?? '';
    const password = passwordRef.current?.value ?? '';
    const next: Invalid = { username: username.trim() === '', password: password === '' };
    setInvalid(next);
    if (next.username) usernameRef.current?.focus();
    else if (next.password) passwordRef.current?.focus();
    else void login.run(username.trim(), password);
  };

  return (
    <AuthCard title={t('auth.login.title')} intro={t('auth.login.intro', { brand: operator.brand })}>
      {reason === 'expired' && !login.isError && (
        <Notice tone="info">{t('auth.login.sessionExpired')}</Notice>
      )}
      {login.isError && (
        <Notice tone="error" ref={errorRef}>
          {t(loginErrorKey(login.error))}
        </Notice>
      )}
      <form ref={formRef} {...holdUntilHydrated} noValidate onSubmit={onSubmit}>
        <Field
          ref={usernameRef}
          name="username"
          label={t('auth.login.username')}
          hint={t('auth.login.usernameHint')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          onChange={() => {
            if (invalid.username) setInvalid({ ...invalid, username: false });
          }}
          error={invalid.username ? t('auth.validation.usernameRequired') : undefined}
        />
        <Field
          ref={passwordRef}
          name="password"
          label={t('auth.login.password')}
          type="password"
          autoComplete="current-password"
          required
          onChange={() => {
            if (invalid.password) setInvalid({ ...invalid, password: false });
          }}
          error={invalid.password ? t('auth.validation.passwordRequired') : undefined}
        />
        <Button type="submit" fullWidth busy={login.isPending} busyLabel={t('auth.login.submitting')}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <p className={cardStyles.links}>
        <PageLink to="/password/reset">{t('auth.login.forgot')}</PageLink>
      </p>
    </AuthCard>
  );
}
