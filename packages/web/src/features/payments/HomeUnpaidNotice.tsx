import { openAmount, unpaidInvoices } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button.tsx';
import { useInvoices } from '../../lib/membership.ts';
import { useOpenAmountWay } from './openAmountWay.ts';
import { PayNowList } from './payNow/PayNowList.tsx';
import { OwedNotice } from './OwedNotice.tsx';
import { usePaymentFormat } from './usePaymentFormat.ts';

const HOME_TEXT = {
  card: 'home.unpaid.text',
  next_debit: 'debitNotice.homeNextDebit',
  debit_returned: 'debitNotice.homeReturned',
} as const;

/**
 * Home's unpaid notice: the open amount and the way to the payment page, where the member
 * updates the card and the unpaid invoices are charged to it; a member paying by direct
 * debit reads that the next debit collects it (or, after a returned debit, what to do
 * instead; `useOpenAmountWay`). It reads the invoice list the
 * menu's payment alert has already loaded, with the same rule (`unpaidInvoices`), and stays
 * away while that list loads or fails: the alert in the menu is there all the same.
 */
export function HomeUnpaidNotice() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  const format = usePaymentFormat();
  const unpaid = invoices.isSuccess ? unpaidInvoices(invoices.data) : [];
  const way = useOpenAmountWay(unpaid);
  if (unpaid.length === 0) return null;
  return (
    <OwedNotice title={t('home.unpaid.title')}>
      <p>{t(HOME_TEXT[way], { amount: format.money(openAmount(unpaid)) })}</p>
      <PayNowList invoices={unpaid} />
      <ButtonLink to="/payment">{t('home.unpaid.action')}</ButtonLink>
    </OwedNotice>
  );
}
