import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, UpdatePasswordRequest } from '@portal/contract';
import { passwordLengthProblem } from '@portal/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { Notice } from '../../components/Notice.tsx';
import { PageLink } from '../../components/PageLink.tsx';
import { currentQuery } from '../../lib/appAddress.ts';
import { api } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { useAction } from '../../lib/useAction.ts';
import { AuthCard } from './AuthCard.tsx';
import cardStyles from './AuthCard.module.css';
import { passwordRuleKey, updateErrorKey } from './authErrors.ts';

const REQUIRED = 'auth.validation.passwordRequired';
const TOO_SHORT = 'auth.validation.passwordMinLength';
const TOO_LONG = 'auth.validation.passwordMaxLength';

/**
 * The contract's password field and the length rule as the server counts it (domain's: code
 * points); the breached list is the server's. Messages are catalogue keys.
 */
const UpdatePasswordForm = z.object({
  password: UpdatePasswordRequest.shape.password.check(
    z.superRefine((password, ctx) => {
      const problem = password === '' ? null : passwordLengthProblem(password, 'password');
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: problem.type === 'password_too_short' ? TOO_SHORT : TOO_LONG,
        });
      }
    }),
  ),
});
type UpdatePasswordForm = z.infer<typeof UpdatePasswordForm>;

/** The contract's own checks carry no text: under its minimum is empty, over its cap too long. */
const resolver = zodResolver(UpdatePasswordForm, {
  error: (issue) => (issue.code === 'too_small' ? REQUIRED : issue.code === 'too_big' ? TOO_LONG : undefined),
});

export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const operator = useOperator();
  const token = currentQuery().get('token')?.trim() ?? '';
  const {
    register,
    handleSubmit,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<UpdatePasswordForm>({
    resolver,
    defaultValues: { password: '' },
    // Checked on submit only: typing clears the field's error instead of re-checking it.
    reValidateMode: 'onSubmit',
  });
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
    if (update.isError && passwordRuleKey(update.error)) setFocus('password');
    else if (update.isError || update.isSuccess) messageRef.current?.focus();
  }, [update.isError, update.isSuccess, update.error, setFocus]);

  if (update.isSuccess) {
    return (
      <AuthCard title={t('auth.update.title')}>
        <Notice tone="success" ref={messageRef}>
          {t('auth.update.success')}
        </Notice>
        <p className={cardStyles.links}>
          <PageLink to="/">{t('auth.update.signIn')}</PageLink>
        </p>
      </AuthCard>
    );
  }

  const errorKey = update.isError ? updateErrorKey(update.error) : null;
  const ruleRefusal = update.isError && !errors.password ? passwordRuleKey(update.error) : null;
  if (token === '' || errorKey === 'auth.update.invalidLink') {
    return (
      <AuthCard title={t('auth.update.title')}>
        <Notice tone="error" ref={messageRef}>
          {t('auth.update.invalidLink')}
        </Notice>
        <p className={cardStyles.links}>
          <PageLink to="/password/reset">{t('auth.update.requestNew')}</PageLink>
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
      <form noValidate onSubmit={handleSubmit(({ password }) => void update.run(password))}>
        <Field
          label={t('auth.update.password')}
          hint={t('auth.update.hint', { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH })}
          type="password"
          autoComplete="new-password"
          required
          error={
            errors.password?.message
              ? t(errors.password.message, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH })
              : ruleRefusal
                ? t(ruleRefusal.key, ruleRefusal.values)
                : undefined
          }
          {...register('password', { onChange: () => clearErrors('password') })}
        />
        <Button type="submit" fullWidth busy={update.isPending} busyLabel={t('auth.update.submitting')}>
          {t('auth.update.submit')}
        </Button>
      </form>
      <p className={cardStyles.links}>
        <PageLink to="/">{t('auth.reset.backToLogin')}</PageLink>
      </p>
    </AuthCard>
  );
}
