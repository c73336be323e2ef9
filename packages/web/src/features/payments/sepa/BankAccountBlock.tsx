import type { SepaMandate } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/Button.tsx';
import { InlineRetry } from '../../../components/InlineRetry.tsx';
import { errorTexts } from '../../../lib/errorText.ts';
import { Loading } from '../../../components/Loading.tsx';
import { useLoadedMembership } from '../../../lib/membership.ts';
import { useOperator } from '../../../lib/operator.ts';
import { CardBlock } from '../card/CardBlock.tsx';
import { InvalidDetailsMessage, useCardUpdateAllowed } from '../card/UpdateCardLink.tsx';
import paymentStyles from '../Payments.module.css';
import { Section } from '../Section.tsx';
import { usePaymentFormat } from '../usePaymentFormat.ts';
import { sepaMandateQuery } from './queries.ts';
import styles from './Sepa.module.css';

/** Masked IBAN, holder, mandate reference, creditor ID and the pre-notification of the next debit. */
export function MandateFacts({ mandate }: { mandate: SepaMandate }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  return (
    <dl className={styles.facts}>
      <dt>{t('sepa.block.iban')}</dt>
      <dd className={styles.iban}>{mandate.iban}</dd>
      <dt>{t('sepa.block.holder')}</dt>
      <dd>{mandate.account_holder}</dd>
      <dt>{t('sepa.block.reference')}</dt>
      <dd>{mandate.mandate_reference}</dd>
      <dt>{t('sepa.block.creditorId')}</dt>
      <dd>{mandate.creditor_id}</dd>
      <dt>{t('sepa.block.nextDebit')}</dt>
      <dd>
        {mandate.next_debit
          ? t('sepa.block.nextDebitValue', {
              amount: format.money(mandate.next_debit.amount),
              date: format.date(mandate.next_debit.date),
            })
          : t('sepa.block.noDebit')}
      </dd>
    </dl>
  );
}

/** A link to a payment page, disabled with its reason while the personal details are invalid. */
function MethodLink({ to, label, variant }: { to: string; label: string; variant: 'primary' | 'secondary' }) {
  const allowed = useCardUpdateAllowed();
  if (allowed) {
    return (
      <ButtonLink to={to} variant={variant}>
        {label}
      </ButtonLink>
    );
  }
  return null;
}

/** The bank account block of /payment for a member paying by direct debit. */
function BankAccountBlock() {
  const { t, i18n } = useTranslation();
  const mandate = useQuery(sepaMandateQuery());
  const allowed = useCardUpdateAllowed();
  let body: ReactNode;
  if (mandate.isPending) body = <Loading label={t('sepa.block.loading')} />;
  else if (mandate.isError)
    body = (
      <InlineRetry
        message={errorTexts(mandate.error, t, i18n.language).join(' ')}
        onRetry={() => void mandate.refetch()}
      />
    );
  else if (mandate.data.mandate) body = <MandateFacts mandate={mandate.data.mandate} />;
  else body = <p className={paymentStyles.muted}>{t('sepa.block.none')}</p>;
  return (
    <Section
      title={t('sepa.block.title')}
      footer={
        <div className={styles.switch}>
          <MethodLink to="/payment/bank-account" label={t('sepa.block.change')} variant="secondary" />
          <MethodLink to="/payment/credit-card" label={t('sepa.block.toCard')} variant="secondary" />
          {!allowed && <InvalidDetailsMessage />}
        </div>
      }
    >
      {body}
    </Section>
  );
}

/**
 * The payment method of /payment: the bank account block for a member paying by direct
 * debit, else the card block, with the switch to direct debit where the operator offers it.
 */
export function PaymentMethodSection() {
  const { t } = useTranslation();
  const operator = useOperator();
  const { current_payment_method: method } = useLoadedMembership();
  const offersSepa = operator.paymentMethods.includes('sepa_direct_debit');
  if (method?.provider === 'sepa') return <BankAccountBlock />;
  if (!offersSepa) return <CardBlock />;
  return (
    <div>
      <CardBlock />
      <div className={`${styles.switch} ${styles.switchBelowCard}`}>
        <MethodLink to="/payment/bank-account" label={t('sepa.block.toSepa')} variant="secondary" />
      </div>
    </div>
  );
}
