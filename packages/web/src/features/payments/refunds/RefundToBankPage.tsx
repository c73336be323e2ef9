import { zodResolver } from '@hookform/resolvers/zod';
import type { RefundableItem, RefundReceipt } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ActionSuccess } from '../../../components/ActionResult.tsx';
import { Button } from '../../../components/Button.tsx';
import { Field } from '../../../components/Field.tsx';
import { useOperator } from '../../../lib/operator.ts';
import { BackToPayment } from '../BackToPayment.tsx';
import paymentStyles from '../Payments.module.css';
import { useBankRefund } from '../queries.ts';
import { Section } from '../Section.tsx';
import { usePaymentFormat } from '../usePaymentFormat.ts';
import {
  accountText,
  type BankAccountValues,
  bankAccountNumber,
  bankAccountSchema,
} from './bankAccountForm.ts';
import styles from './Refunds.module.css';
import { RefundFacts, RefundSteps } from './shared.tsx';

function BankRefundSuccess({ receipt }: { receipt: RefundReceipt }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  const amount = format.money(receipt.amount);
  return (
    <ActionSuccess title={t('payments.refundBank.success.title')} back={<BackToPayment />}>
      <p>
        {receipt.bank_account
          ? t('payments.refundBank.success.text', { amount, account: receipt.bank_account })
          : t('payments.refundBank.success.textNoAccount', { amount })}
      </p>
      <p>{t('payments.refundBank.days')}</p>
    </ActionSuccess>
  );
}

interface FormProps {
  item: RefundableItem;
  draft: string;
  busy: boolean;
  onSubmit: (values: BankAccountValues) => void;
}

function BankForm({ item, draft, busy, onSubmit }: FormProps) {
  const { t } = useTranslation();
  const operator = useOperator();
  const format = usePaymentFormat();
  const schema = useMemo(() => bankAccountSchema(operator.country, t), [operator.country, t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BankAccountValues>({
    defaultValues: { account: draft },
    resolver: zodResolver(schema),
    mode: 'onTouched',
  });
  const amount = format.money(item.refundable_amount.refundable);
  return (
    <Section title={t('payments.refundBank.title')}>
      <RefundFacts item={item} />
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <div className={styles.field}>
          <Field
            label={t('payments.refundBank.account')}
            hint={accountText(operator.country, t, 'hint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.account?.message}
            {...register('account')}
          />
        </div>
        <p className={styles.note}>{t('payments.refundBank.days')}</p>
        <div className={paymentStyles.actions}>
          <Button type="submit" busy={busy} busyLabel={t('payments.refundBank.busy')}>
            {t('payments.refundBank.submit', { amount })}
          </Button>
          <BackToPayment variant="secondary" />
        </div>
      </form>
    </Section>
  );
}

/**
 * /payment/refund/:id/bank: "manual refund" of closed days to a bank account (an IBAN, or a
 * Norwegian account number in Norway), which can take up to 14 days (docs/payments.md).
 */
export function RefundToBankPage() {
  const operator = useOperator();
  const { id = '' } = useParams();
  const refund = useBankRefund(id);
  // What the member typed, kept for "try again" after a refusal.
  const [draft, setDraft] = useState('');
  return (
    <RefundSteps
      invoiceId={id}
      refund={refund}
      success={(receipt) => <BankRefundSuccess receipt={receipt} />}
      step={(item) => (
        <BankForm
          item={item}
          draft={draft}
          busy={refund.isPending}
          onSubmit={(values) => {
            if (refund.isPending) return;
            setDraft(values.account);
            refund.mutate(bankAccountNumber(values, operator.country));
          }}
        />
      )}
    />
  );
}
