import { zodResolver } from '@hookform/resolvers/zod';
import { ChipCode } from '@portal/contract';
import { activeChip, normalizeChipCode } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { ActionError, ActionSuccess, BackToMembership } from '../../components/ActionResult.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Field } from '../../components/Field.tsx';
import prose from '../../components/Prose.module.css';
import { formatDate } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';
import { accessErrorTexts } from './accessErrors.ts';
import styles from './Access.module.css';
import { ChipIllustration } from './ChipIllustration.tsx';
import { activateChipMutation } from './queries.ts';

/** The contract's rule for the code, so the form refuses what the server would. */
const form = z.object({ code: ChipCode });
type FormValues = z.input<typeof form>;

/** /membership/activate_chip: the code on the back of the chip, typed as free text. */
export function ActivateChipPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const membership = useLoadedMembership();
  const id = useId();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(form), defaultValues: { code: '' } });
  const activate = useMutation(activateChipMutation());

  if (activate.isSuccess) {
    return (
      <ActionSuccess title={t('access.activate.success.title')}>
        <p>
          {t('access.activate.success.text', {
            code: activate.data.code,
            date: formatDate(activate.data.valid_from, locale),
          })}
        </p>
        <p>{t('access.activate.success.mail')}</p>
      </ActionSuccess>
    );
  }
  if (activate.isError) {
    return (
      <ActionError
        error={activate.error}
        texts={accessErrorTexts(activate.error, t, locale)}
        onRetry={() => activate.reset()}
      />
    );
  }

  const chip = activeChip(membership.keys);
  const pinInUse = membership.keys.some((k) => k.type === 'pin' && k.status === 'active');
  const codeError = errors.code
    ? getValues('code').trim() === ''
      ? t('access.activate.required')
      : t('access.activate.invalid')
    : undefined;

  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('access.activate.title')}
        </h2>
        <p>{t('access.activate.intro')}</p>
        <ChipIllustration />
        {(chip || pinInUse) && (
          <ul className={prose.points}>
            {chip && <li>{t('access.activate.replaces', { code: chip.code })}</li>}
            {pinInUse && <li>{t('access.activate.endsPin')}</li>}
          </ul>
        )}
        <form
          className={styles.form}
          noValidate
          onSubmit={handleSubmit(({ code }) => {
            if (!activate.isPending) activate.mutate(normalizeChipCode(code));
          })}
        >
          <Field
            label={t('access.activate.label')}
            hint={t('access.activate.hint')}
            error={codeError}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...register('code')}
          />
          <div className={styles.actions}>
            <Button type="submit" busy={activate.isPending} busyLabel={t('access.activate.busy')}>
              {t('access.activate.submit')}
            </Button>
            <BackToMembership variant="secondary" />
          </div>
        </form>
      </Card>
    </section>
  );
}
