import { type Currency, type Language, ruleViolation } from '@portal/contract';
import { languageOf } from './locale.ts';
import type { MailText } from './lifecycleMail.ts';
import type { ChangeEvent } from './membershipChange.ts';
import { formatMoney } from './money.ts';
import { invoiceCharge } from './cards/update.ts';
import { cardProviderErrorText } from './payments.ts';

// Paying an open invoice now (docs/payments.md, "Paying an open invoice"; ADR 041): the
// decisions; the server's payments/pay-now.ts loads, locks, calls the provider and writes.

/** Why paying an invoice now is refused (422 types of this call). */
export type PayNowRefusal = 'invoice_not_payable' | 'card_declined' | 'payment_cancelled';

/** The invoice as the rule reads it. */
export interface PayableInvoice {
  id: string;
  invoiceNumber: string;
  status: 'charged' | 'declined' | 'scheduled';
  amount: number;
  currency: Currency;
  periodFrom: string | null;
}

interface PayNowTexts {
  refusals: Record<PayNowRefusal, string>;
  paid: (number: string) => string;
  receipt: { subject: string; body: (v: { number: string; amount: string; card: string }) => string };
}

export const payNowTexts: Record<Language, PayNowTexts> = {
  en: {
    refusals: {
      invoice_not_payable: 'This invoice is not open: it is paid already or not due yet.',
      card_declined: 'The payment was not accepted. Please try another card.',
      payment_cancelled: 'The payment was cancelled. The invoice is still open.',
    },
    paid: (n) => `Invoice ${n} is paid.`,
    receipt: {
      subject: 'Receipt: your invoice is paid',
      body: (v) =>
        `we received your payment of ${v.amount} for invoice ${v.number} by card ${v.card}. Thank you!`,
    },
  },
  de: {
    refusals: {
      invoice_not_payable: 'Diese Rechnung ist nicht offen: Sie ist schon bezahlt oder noch nicht fällig.',
      card_declined: 'Die Zahlung wurde abgelehnt. Bitte versuchen Sie es mit einer anderen Karte.',
      payment_cancelled: 'Die Zahlung wurde abgebrochen. Die Rechnung ist weiterhin offen.',
    },
    paid: (n) => `Die Rechnung ${n} ist bezahlt.`,
    receipt: {
      subject: 'Zahlungsbestätigung: Ihre Rechnung ist bezahlt',
      body: (v) =>
        `wir haben Ihre Zahlung von ${v.amount} für die Rechnung ${v.number} mit der Karte ${v.card} erhalten. Vielen Dank!`,
    },
  },
  fr: {
    refusals: {
      invoice_not_payable:
        'Cette facture n’est pas en attente de paiement : elle est déjà payée ou pas encore due.',
      card_declined: 'Le paiement a été refusé. Veuillez essayer avec une autre carte.',
      payment_cancelled: 'Le paiement a été annulé. La facture reste à payer.',
    },
    paid: (n) => `La facture ${n} est payée.`,
    receipt: {
      subject: 'Reçu : votre facture est payée',
      body: (v) =>
        `nous avons bien reçu votre paiement de ${v.amount} pour la facture ${v.number} par la carte ${v.card}. Merci !`,
    },
  },
  nb: {
    refusals: {
      invoice_not_payable: 'Denne fakturaen er ikke åpen: den er allerede betalt eller ikke forfalt ennå.',
      card_declined: 'Betalingen ble avvist. Prøv et annet kort.',
      payment_cancelled: 'Betalingen ble avbrutt. Fakturaen er fortsatt åpen.',
    },
    paid: (n) => `Faktura ${n} er betalt.`,
    receipt: {
      subject: 'Kvittering: fakturaen din er betalt',
      body: (v) =>
        `vi har mottatt betalingen din på ${v.amount} for faktura ${v.number} med kortet ${v.card}. Takk!`,
    },
  },
  fi: {
    refusals: {
      invoice_not_payable: 'Tämä lasku ei ole avoin: se on jo maksettu tai ei vielä erääntynyt.',
      card_declined: 'Maksua ei hyväksytty. Kokeile toista korttia.',
      payment_cancelled: 'Maksu peruttiin. Lasku on edelleen avoin.',
    },
    paid: (n) => `Lasku ${n} on maksettu.`,
    receipt: {
      subject: 'Kuitti: laskusi on maksettu',
      body: (v) =>
        `olemme vastaanottaneet ${v.amount} maksusi laskusta ${v.number} kortilla ${v.card}. Kiitos!`,
    },
  },
};

export function payNowRefusal(locale: string, type: PayNowRefusal) {
  return ruleViolation(type, payNowTexts[languageOf(locale)].refusals[type]);
}

/** Only an open invoice can be paid now: declined, with a period (the payment alert's invoices). */
export function checkInvoicePayable(locale: string, invoice: PayableInvoice): void {
  if (invoice.status !== 'declined' || invoice.periodFrom === null)
    throw payNowRefusal(locale, 'invoice_not_payable');
}

/**
 * The provider's idempotency reference of the payment: invoice and checkout, so the same
 * return posted again (or a transaction run again, ADR 033) never charges twice.
 */
export const payNowReference = (invoiceId: string, checkoutId: string) => `pay:${invoiceId}:${checkoutId}`;

/** What a captured or declined one-off payment writes: the payment row, the invoice, the event. */
export function payNowCharge(
  invoice: PayableInvoice,
  card: { brand: string; details: string },
  checkoutId: string,
  result: { ok: true; providerReference: string } | { ok: false; errorCode: number },
) {
  return invoiceCharge('pay_open_invoice', invoice, card, checkoutId, result);
}

/** The failed or cancelled return of the provider's page (nothing was charged). */
export function payNowFailureEvent(
  invoice: PayableInvoice,
  checkoutId: string,
  errorCode: number,
): ChangeEvent {
  return {
    action: 'pay_open_invoice',
    status: 'failure',
    details: {
      invoice_id: invoice.id,
      invoice_number: invoice.invoiceNumber,
      checkout_id: checkoutId,
      error_code: errorCode,
      error: cardProviderErrorText(errorCode),
    },
  };
}

/** The receipt e-mail of an invoice paid now. */
export function payNowReceipt(
  locale: string,
  invoice: PayableInvoice,
  card: { brand: string; details: string },
): MailText {
  const t = payNowTexts[languageOf(locale)].receipt;
  return {
    subject: t.subject,
    body: t.body({
      number: invoice.invoiceNumber,
      amount: formatMoney(invoice.amount, invoice.currency, locale),
      card: `${card.brand} ${card.details}`,
    }),
  };
}

export const payNowPaidMessage = (locale: string, invoiceNumber: string) =>
  payNowTexts[languageOf(locale)].paid(invoiceNumber);
