import { zodResolver } from '@hookform/resolvers/zod';
import type { SepaMandate } from '@portal/contract';
import { checkSepaIban, languageOf, sepaAccountHolder, sepaMandateText } from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { ActionError, ActionSuccess } from '../../../components/ActionResult.tsx';
import { Button } from '../../../components/Button.tsx';
import { InlineRetry } from '../../../components/InlineRetry.tsx';
import { Field } from '../../../components/Field.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { ErrorResponse } from '../../../lib/api.ts';
import { errorTexts } from '../../../lib/errorText.ts';
import { useLoadedMembership } from '../../../lib/membership.ts';
import { useOperator } from '../../../lib/operator.ts';
import { BackToPayment } from '../BackToPayment.tsx';
import { InvalidDetailsMessage, useCardUpdateAllowed } from '../card/UpdateCardLink.tsx';
import paymentStyles from '../Payments.module.css';
import { Section } from '../Section.tsx';
import { MandateFacts } from './BankAccountBlock.tsx';
import { changeSepaMandateMutation, type SepaCreditor, sepaMandateQuery } from './queries.ts';
import styles from './Sepa.module.css';

const e = (key: string) => `sepa.form.errors.${key}`;

/** The form's rules: the domain's, with catalogue keys as messages. */
const BankAccountForm = z.object({
  iban: z.string().check(
    z.superRefine((value, ctx) => {
      if (value.trim() === '') return void ctx.addIssue({ code: 'custom', message: e('ibanRequired') });
      const check = checkSepaIban(value);
      if (!check.ok)
        ctx.addIssue({
          code: 'custom',
          message: e(check.reason === 'not_sepa' ? 'ibanNotSepa' : 'ibanInvalid'),
        });
    }),
  ),
  account_holder: z
    .string()
    .check(z.refine((value) => sepaAccountHolder(value) !== null, e('holderInvalid'))),
  password: z.string().check(z.minLength(1, e('passwordRequired'))),
  agree: z.boolean().check(z.refine((value) => value, e('agreeRequired'))),
});
type BankAccountForm = z.infer<typeof BankAccountForm>;

/** The server's refusals shown at their field. */
const FIELDS: Record<string, keyof BankAccountForm> = {
  'body.iban': 'iban',
  'body.account_holder': 'account_holder',
  'body.password': 'password',
};

function MandateText({ creditor }: { creditor: SepaCreditor }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const paragraphs = sepaMandateText[languageOf(i18n.language)]({
    creditorName: creditor.creditor_name,
    creditorId: creditor.creditor_id,
  });
  return (
    <section aria-labelledby={id} className={styles.mandate}>
      <h3 id={id} className={paymentStyles.sectionTitle}>
        {t('sepa.form.mandateTitle')}
      </h3>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </section>
  );
}

function Success({ mandate }: { mandate: SepaMandate }) {
  const { t } = useTranslation();
  return (
    <ActionSuccess title={t('sepa.success.title')} back={<BackToPayment />}>
      <p>{t('sepa.success.text')}</p>
      <MandateFacts mandate={mandate} />
    </ActionSuccess>
  );
}

function BankAccountFormSection({ creditor }: { creditor: SepaCreditor }) {
  const { t } = useTranslation();
  const { profile } = useLoadedMembership();
  const allowed = useCardUpdateAllowed();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BankAccountForm>({
    resolver: zodResolver(BankAccountForm),
    defaultValues: {
      iban: '',
      account_holder: `${profile.first_name} ${profile.last_name}`,
      password: '',
      agree: false,
    },
    mode: 'onTouched',
  });
  const change = useMutation({
    ...changeSepaMandateMutation(),
    onError: (error) => {
      if (!(error instanceof ErrorResponse)) return;
      const item = error.errors[0];
      const field = FIELDS[String(item?.context?.field ?? '')];
      if (field && (error.status === 400 || error.status === 403)) {
        setError(field, { message: item?.message ?? e('passwordWrong') }, { shouldFocus: true });
      }
    },
  });
  const refused = change.error instanceof ErrorResponse ? change.error : null;
  const rateLimited = refused?.status === 429;
  const atField =
    refused &&
    (refused.status === 400 || refused.status === 403) &&
    FIELDS[String(refused.errors[0]?.context?.field ?? '')];
  if (change.isSuccess) return <Success mandate={change.data} />;
  if (change.isError && !rateLimited && !atField) {
    return <ActionError error={change.error} onRetry={() => change.reset()} back={<BackToPayment />} />;
  }
  const message = (key?: string) => (key ? (key.startsWith('sepa.') ? t(key) : key) : undefined);

  return (
    <Section title={t('sepa.form.title')}>
      <p>{t('sepa.form.intro')}</p>
      {!allowed && <InvalidDetailsMessage />}
      {rateLimited && <Notice tone="error">{t('sepa.form.errors.tooMany')}</Notice>}
      <form
        noValidate
        className={styles.form}
        onSubmit={handleSubmit(({ iban, account_holder, password }) => {
          if (change.isPending || !allowed) return;
          change.mutate({ iban, account_holder, password });
        })}
      >
        <Field
          label={t('sepa.form.iban')}
          hint={t('sepa.form.ibanHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          error={message(errors.iban?.message)}
          {...register('iban')}
        />
        <Field
          label={t('sepa.form.holder')}
          hint={t('sepa.form.holderHint')}
          autoComplete="name"
          error={message(errors.account_holder?.message)}
          {...register('account_holder')}
        />
        <MandateText creditor={creditor} />
        <div>
          <label className={styles.agree}>
            <input
              type="checkbox"
              aria-invalid={errors.agree ? true : undefined}
              aria-describedby={errors.agree ? 'sepa-agree-error' : undefined}
              {...register('agree')}
            />
            <span>{t('sepa.form.agree', { creditor: creditor.creditor_name })}</span>
          </label>
          {errors.agree?.message && (
            <p id="sepa-agree-error" className={styles.agreeError}>
              {message(errors.agree.message)}
            </p>
          )}
        </div>
        <Field
          label={t('sepa.form.password')}
          hint={t('sepa.form.passwordHint')}
          type="password"
          autoComplete="current-password"
          error={message(errors.password?.message)}
          {...register('password')}
        />
        <div className={paymentStyles.actions}>
          <Button type="submit" busy={change.isPending} busyLabel={t('sepa.form.busy')} disabled={!allowed}>
            {t('sepa.form.submit')}
          </Button>
          <BackToPayment variant="secondary" />
        </div>
      </form>
    </Section>
  );
}

/**
 * /payment/bank-account: a new bank account for SEPA direct debit, with the mandate text the
 * member agrees to and their password asked again (docs/payments.md, "SEPA direct debit").
 */
export function BankAccountPage() {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const mandate = useQuery({
    ...sepaMandateQuery(),
    enabled: operator.paymentMethods.includes('sepa_direct_debit'),
  });
  if (!operator.paymentMethods.includes('sepa_direct_debit')) {
    return (
      <Section title={t('sepa.form.title')}>
        <p>{t('sepa.form.notOffered')}</p>
        <BackToPayment />
      </Section>
    );
  }
  if (mandate.isPending) return <Loading label={t('sepa.block.loading')} />;
  if (mandate.isError) {
    return (
      <InlineRetry
        message={errorTexts(mandate.error, t, i18n.language).join(' ')}
        onRetry={() => void mandate.refetch()}
      />
    );
  }
  const creditor: SepaCreditor | null = mandate.data.mandate
    ? { creditor_id: mandate.data.mandate.creditor_id, creditor_name: mandate.data.mandate.creditor_name }
    : mandate.data.creditor;
  if (!creditor) {
    return (
      <Section title={t('sepa.form.title')}>
        <p>{t('sepa.form.notOffered')}</p>
        <BackToPayment />
      </Section>
    );
  }
  return <BankAccountFormSection creditor={creditor} />;
}
