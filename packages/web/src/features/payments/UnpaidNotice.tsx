import type { Invoice } from '@portal/contract';
import { openAmount, unpaidInvoices } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button.tsx';
import { UpdateCardLink } from './card/UpdateCardLink.tsx';
import { useOpenAmountWay } from './openAmountWay.ts';
import { OwedNotice } from './OwedNotice.tsx';
import { PayNowList } from './payNow/PayNowList.tsx';
import { usePaymentFormat } from './usePaymentFormat.ts';

/**
 * The unpaid notice: declined invoices with a period are owed. It says what to do, by how
 * the member pays (docs/payments.md, "The unpaid notices"): a card member updates the card
 * and the outstanding invoices are charged to the new one; a direct-debit member's are
 * collected with the next debit, unless the bank returned it. Each can pay now by card.
 */
export function UnpaidNotice({ invoices }: { invoices: readonly Invoice[] }) {
  const { t } = useTranslation();
  const format = usePaymentFormat();
  const unpaid = unpaidInvoices(invoices);
  const way = useOpenAmountWay(unpaid);
  if (unpaid.length === 0) return null;
  const amounts = { count: unpaid.length, amount: format.money(openAmount(unpaid)) };
  return (
    <OwedNotice title={t('payments.unpaid.title')}>
      <p>{way === 'card' ? t('payments.unpaid.text', amounts) : t('debitNotice.text', amounts)}</p>
      <PayNowList invoices={unpaid} />
      {way === 'card' && (
        <>
          <p>{t('payments.unpaid.next')}</p>
          <UpdateCardLink />
        </>
      )}
      {way === 'next_debit' && <p>{t('debitNotice.nextDebit')}</p>}
      {way === 'debit_returned' && (
        <>
          <p>{t('debitNotice.returned')}</p>
          <ButtonLink to="/payment/bank-account" variant="secondary">
            {t('sepa.block.change')}
          </ButtonLink>
        </>
      )}
    </OwedNotice>
  );
}
