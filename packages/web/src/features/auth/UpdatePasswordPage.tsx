import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@portal/contract';
import { passwordLength } from '@portal/domain';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { Notice } from '../../components/Notice.tsx';
import { api } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { useAction } from '../../lib/useAction.ts';
import { AuthCard } from './AuthCard.tsx';
import cardStyles from './AuthCard.module.css';
import { passwordRuleKey, updateErrorKey } from './authErrors.ts';

type Problem = 'required' | 'minLength' | 'maxLength' | null;

export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const operator = useOperator();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  const update = useAction(
    useCallback(
      (secret: string) =>
        api('updatePassword', { body: { operator_id: operator.id, token, password: secret } }),
      [operator.id, token],
    ),
  );

  useEffect(() => {
    // A refusal of the password rule is shown at the field; every other answer in a notice.
    if (update.isError && passwordRuleKey(update.error)) inputRef.current?.focus();
    else if (update.isError || update.isSuccess) messageRef.current?.focus();
  }, [update.isError, update.isSuccess, update.error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The length rule as the server counts it (code points); the breached list is the server's.
    const length = passwordLength(password);
    const next: Problem =
      password === ''
        ? 'required'
        : length < MIN_PASSWORD_LENGTH
          ? 'minLength'
          : length > MAX_PASSWORD_LENGTH
            ? 'maxLength'
            : null;
    setProblem(next);
    if (next) inputRef.current?.focus();
    else void update.run(password);
  };

  if (update.isSuccess) {
    return (
      <AuthCard title={t('auth.update.title')}>
        <Notice tone="success" ref={messageRef}>
          {t('auth.update.success')}
        </Notice>
        <p className={cardStyles.links}>
          <Link to="/">{t('auth.update.signIn')}</Link>
        </p>
      </AuthCard>
    );
  }

  const errorKey = update.isError ? updateErrorKey(update.error) : null;
  const ruleRefusal = update.isError && problem === null ? passwordRuleKey(update.error) : null;
  if (token === '' || errorKey === 'auth.update.invalidLink') {
    return (
      <AuthCard title={t('auth.update.title')}>
        <Notice tone="error" ref={messageRef}>
          {t('auth.update.invalidLink')}
        </Notice>
        <p className={cardStyles.links}>
          <Link to="/password/reset">{t('auth.update.requestNew')}</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.update.title')} intro={t('auth.update.intro')}>
      {errorKey && (
        <Notice tone="error" ref={messageRef}>
          {t(errorKey)}
        </Notice>
      )}
      <form noValidate onSubmit={onSubmit}>
        <Field
          ref={inputRef}
          name="password"
          label={t('auth.update.password')}
          hint={t('auth.update.hint', { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH })}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (problem) setProblem(null);
          }}
          error={
            problem === 'minLength'
              ? t('auth.validation.passwordMinLength', { min: MIN_PASSWORD_LENGTH })
              : problem === 'maxLength'
                ? t('auth.validation.passwordMaxLength', { max: MAX_PASSWORD_LENGTH })
                : problem === 'required'
                  ? t('auth.validation.passwordRequired')
                  : ruleRefusal
                    ? t(ruleRefusal.key, ruleRefusal.values)
                    : undefined
          }
        />
        <Button type="submit" fullWidth busy={update.isPending} busyLabel={t('auth.update.submitting')}>
          {t('auth.update.submit')}
        </Button>
      </form>
      <p className={cardStyles.links}>
        <Link to="/">{t('auth.reset.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
