import { useParams } from 'react-router';
import { PaymentPage } from '../PaymentPage.tsx';
import { PayNowBanner } from './PayNowBanner.tsx';

/** /payment/invoices/:id/paid: the payment page with the outcome of paying that invoice now. */
export function InvoicePaidPage() {
  const { id = '' } = useParams();
  return <PaymentPage banner={<PayNowBanner invoiceId={id} />} />;
}
