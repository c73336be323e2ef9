import type { RefundableItem, RefundReceipt } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActionSuccess } from '../../../components/ActionResult.tsx';
import { capitalize } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { Button } from '../../../components/Button.tsx';
import { BackToPayment } from '../BackToPayment.tsx';
import paymentStyles from '../Payments.module.css';
import { useCardRefund } from '../queries.ts';
import { Section } from '../Section.tsx';
import { usePaymentFormat } from '../usePaymentFormat.ts';
import styles from './Refunds.module.css';
import { RefundFacts, RefundSteps } from './shared.tsx';

function CardRefundSuccess({ receipt }: { receipt: RefundReceipt }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  const amount = format.money(receipt.amount);
  return (
    <ActionSuccess title={t('payments.refundCard.success.title')} back={<BackToPayment />}>
      <p>
        {t(
          receipt.status === 'completed'
            ? 'payments.refundCard.success.done'
            : 'payments.refundCard.success.pending',
          {
            amount,
          },
        )}
      </p>
      <p>{t('payments.refundCard.success.invoice')}</p>
    </ActionSuccess>
  );
}

function Confirm({ item, busy, onConfirm }: { item: RefundableItem; busy: boolean; onConfirm: () => void }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  const amount = format.money(item.refundable_amount.refundable);
  const locale = useLocale();
  const details = item.invoice.payment_method?.details;
  // The card as one unit: "(Visa **** 4242)" never breaks across lines; providers name the
  // brand in lower case ("visa **** 4242"), as the invoice shows it capitalised.
  const card = details ? capitalize(details, locale).replace(/ /g, '\u00a0') : undefined;
  const bankPath = `/payment/refund/${encodeURIComponent(item.invoice.id)}/bank`;
  return (
    <Section title={t('payments.refundCard.title')}>
      <RefundFacts item={item} />
      <p className={styles.form}>
        {card
          ? t('payments.refundCard.explainCard', { amount, card })
          : t('payments.refundCard.explain', { amount })}
      </p>
      <p className={styles.note}>
        {t('payments.refundCard.orBank')} <Link to={bankPath}>{t('payments.refunds.toBank')}</Link>
      </p>
      <div className={paymentStyles.actions}>
        <Button busy={busy} busyLabel={t('payments.refundCard.busy')} onClick={onConfirm}>
          {t('payments.refundCard.submit', { amount })}
        </Button>
        <BackToPayment variant="secondary" />
      </div>
    </Section>
  );
}

/**
 * /payment/refund/:id: the confirm step of "refund of closed days" to the card the invoice
 * was paid with, then its success or error page.
 */
export function RefundToCardPage() {
  const { id = '' } = useParams();
  const refund = useCardRefund(id);
  return (
    <RefundSteps
      invoiceId={id}
      refund={refund}
      success={(receipt) => <CardRefundSuccess receipt={receipt} />}
      step={(item) => (
        <Confirm
          item={item}
          busy={refund.isPending}
          onConfirm={() => {
            if (!refund.isPending) refund.mutate();
          }}
        />
      )}
    />
  );
}
