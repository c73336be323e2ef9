import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@portal/contract';
import { passwordLength } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { ActionError, ActionSuccess, BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Field } from '../../components/Field.tsx';
import { Notice } from '../../components/Notice.tsx';
import { ErrorResponse } from '../../lib/api.ts';
import styles from './Account.module.css';
import { passwordStrength, STRENGTH_LEVELS } from './passwordStrength.ts';
import { changePasswordMutation } from './queries.ts';

const e = (key: string) => `account.password.errors.${key}`;

/** The form's rules, with catalogue keys as messages (translated where they are shown). */
const PasswordForm = z
  .object({
    current_password: z.string().check(z.minLength(1, e('currentRequired'))),
    // The length rule as the server counts it (code points, ADR 031); the breached list is the server's.
    new_password: z.string().check(
      z.refine((p) => passwordLength(p) >= MIN_PASSWORD_LENGTH, e('newMin')),
      z.refine((p) => passwordLength(p) <= MAX_PASSWORD_LENGTH, e('newMax')),
    ),
    confirm: z.string().check(z.minLength(1, e('confirmRequired'))),
  })
  .check(
    z.refine((f) => f.confirm === '' || f.confirm === f.new_password, {
      path: ['confirm'],
      message: e('mismatch'),
    }),
    z.refine((f) => f.current_password === '' || f.new_password !== f.current_password, {
      path: ['new_password'],
      message: e('unchanged'),
    }),
  );
type PasswordForm = z.infer<typeof PasswordForm>;

/** Refusals the form shows at their field instead of on an error page. */
const FIELD_REFUSALS: Record<string, { field: keyof PasswordForm; message: string }> = {
  invalid_current_password: { field: 'current_password', message: e('invalidCurrent') },
  password_unchanged: { field: 'new_password', message: e('unchanged') },
  password_too_short: { field: 'new_password', message: e('newMin') },
  password_too_long: { field: 'new_password', message: e('newMax') },
  password_breached: { field: 'new_password', message: e('breached') },
};

function StrengthHint({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const level = strength ? STRENGTH_LEVELS.indexOf(strength) + 1 : 0;
  return (
    <div className={styles.strength} aria-live="polite">
      <div className={styles.bars} data-level={level} aria-hidden="true">
        {STRENGTH_LEVELS.map((s) => (
          <span key={s} className={styles.bar} />
        ))}
      </div>
      <p className={styles.strengthText}>
        {strength
          ? t('account.password.strength.value', { strength: t(`account.password.strength.${strength}`) })
          : t('account.password.strength.empty')}
      </p>
    </div>
  );
}

/** /membership/password: the create-new-password screen for a signed-in member. */
export function PasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(PasswordForm),
    defaultValues: { current_password: '', new_password: '', confirm: '' },
  });
  const newPassword = useWatch({ control, name: 'new_password' });

  const change = useMutation(
    changePasswordMutation((error) => {
      const refusal =
        error instanceof ErrorResponse ? FIELD_REFUSALS[error.errors[0]?.type ?? ''] : undefined;
      if (refusal) setError(refusal.field, { message: refusal.message }, { shouldFocus: true });
    }),
  );

  const rateLimited = change.error instanceof ErrorResponse && change.error.status === 429;
  const fieldRefusal =
    change.error instanceof ErrorResponse && FIELD_REFUSALS[change.error.errors[0]?.type ?? ''];
  if (change.isSuccess) {
    return (
      <ActionSuccess title={t('account.password.success.title')}>
        <p>{t('account.password.success.text')}</p>
      </ActionSuccess>
    );
  }
  if (change.isError && !rateLimited && !fieldRefusal) {
    return <ActionError error={change.error} onRetry={() => change.reset()} />;
  }

  const message = (key?: string) =>
    key ? t(key, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }) : undefined;
  const retryAfter = rateLimited
    ? Number((change.error as ErrorResponse).errors[0]?.context?.retry_after ?? 60)
    : 0;

  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('account.password.title')}
        </h2>
        <p>{t('account.password.intro')}</p>
        {rateLimited && (
          <Notice tone="error">
            {t('account.password.errors.tooMany', { count: Math.max(1, Math.ceil(retryAfter / 60)) })}
          </Notice>
        )}
        <form
          noValidate
          className={styles.form}
          onSubmit={handleSubmit(({ current_password, new_password }) =>
            change.mutate({ current_password, new_password }),
          )}
        >
          <Field
            label={t('account.password.current')}
            type="password"
            autoComplete="current-password"
            error={message(errors.current_password?.message)}
            {...register('current_password')}
          />
          <Field
            label={t('account.password.new')}
            hint={t('account.password.newHint', { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH })}
            type="password"
            autoComplete="new-password"
            error={message(errors.new_password?.message)}
            {...register('new_password')}
          />
          <StrengthHint password={newPassword} />
          <Field
            label={t('account.password.confirm')}
            type="password"
            autoComplete="new-password"
            error={message(errors.confirm?.message)}
            {...register('confirm')}
          />
          <div className={styles.actions}>
            <Button type="submit" busy={change.isPending} busyLabel={t('account.password.saving')}>
              {t('account.password.submit')}
            </Button>
            <BackToMembership variant="secondary" />
          </div>
        </form>
      </Card>
    </section>
  );
}
