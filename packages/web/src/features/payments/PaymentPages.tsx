import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /payment and /payment/payment-method-updated: card, next payment, invoices (later issue). */
export function PaymentPage() {
  return <ComingSoon />;
}

/** /payment/credit-card: the card provider's form (later issue). */
export function CreditCardPage() {
  return <ComingSoon />;
}

/** /invoice/:id: the printable invoice (later issue). */
export function InvoicePage() {
  return <ComingSoon />;
}
