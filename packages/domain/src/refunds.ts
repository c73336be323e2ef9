import {
  type Currency,
  invalidRequest,
  type RefundMethod,
  type RefundReceipt,
  ruleViolation,
} from '@portal/contract';
import type { RefundableOne } from './invoiceView.ts';
import { formatDay, type MailText } from './lifecycleMail.ts';
import { languageOf } from './locale.ts';
import type { ChangeEvent } from './membershipChange.ts';
import { formatMoney } from './money.ts';
import type { OperatorSettings } from './operators/types.ts';
import { maskBankAccount, parseBankAccount } from './bank-account.ts';
import { cardProviderErrorText } from './payments.ts';
import { type RefundRefusal, refundTexts } from './refundTexts.ts';

// The closed-days refund's decisions (ADR 028), for the server's payments/refunds.ts; booking,
// the provider and the lock stay with it.

/** The invoice, payment and closure an item names, as far as a refund reads them. */
export type RefundItem = RefundableOne<
  { id: string; invoiceNumber: string; currency: Currency },
  { id: string },
  { id: string }
>;

/** A 422 of the refund, in the member's language. */
export function refundRefusal(locale: string, type: RefundRefusal) {
  return ruleViolation(type, refundTexts[languageOf(locale)].refusals[type]);
}

/**
 * The invoice's earliest refundable item (read after the lock, so a request that waited for
 * another one sees its refund): 422 when there is none, `already_refunded` once refunds exist.
 */
export function itemToRefund<I>(locale: string, items: readonly I[], refundsExist: boolean): I {
  const item = items[0];
  if (!item) throw refundRefusal(locale, refundsExist ? 'already_refunded' : 'nothing_to_refund');
  return item;
}

/** The account a bank refund goes to, checked for the operator's country (400 otherwise). */
export function refundAccount(operator: OperatorSettings, locale: string, input: string) {
  const account = parseBankAccount(input, operator.country);
  if (!account) {
    const text = refundTexts[languageOf(locale)].invalidAccount(operator.country === 'NO');
    throw invalidRequest('body.bank_account_number', text);
  }
  return { account: account.account, masked: maskBankAccount(account.account) };
}

/** The refund row booked for an item, pending until the provider or finance pays it. */
export function refundRow(
  memberId: string,
  item: RefundItem,
  booking: { id: string; method: RefundMethod; bankAccount: string | null; createdAt: Date },
) {
  return {
    id: booking.id,
    paymentId: item.payment.id,
    invoiceId: item.invoice.id,
    memberId,
    closureId: item.closure.id,
    method: booking.method,
    amount: item.refund.refundable_amount.refundable,
    bankAccount: booking.bankAccount,
    status: 'pending' as const,
    createdAt: booking.createdAt,
  };
}

/** The answer to a booked refund; only the masked account, if any, is shown. */
export function refundReceipt(
  row: ReturnType<typeof refundRow>,
  item: RefundItem,
  status: RefundReceipt['status'],
  maskedAccount: string | null,
): RefundReceipt {
  return {
    id: row.id,
    invoice_id: item.invoice.id,
    method: row.method,
    status,
    amount: row.amount,
    currency: item.invoice.currency,
    bank_account: maskedAccount,
    created_at: row.createdAt.toISOString(),
  };
}

/** The event and the member's e-mail (its text; the greeting is memberMail's) of a booked refund. */
export function refundConfirmation(
  locale: string,
  item: RefundItem,
  receipt: RefundReceipt,
): { event: ChangeEvent; mail: MailText } {
  const { refund, invoice, closure } = item;
  const t = refundTexts[languageOf(locale)];
  const values = {
    amount: formatMoney(receipt.amount, receipt.currency, locale),
    from: formatDay(refund.closed_period.from, locale),
    to: formatDay(refund.closed_period.to, locale),
    closed: refund.closed_days.closed,
    paid: refund.closed_days.paid,
    invoice: invoice.invoiceNumber,
    ...(receipt.bank_account ? { account: receipt.bank_account } : {}),
  };
  const mail = receipt.method === 'card' ? t.cardMail : t.bankMail;
  return {
    event: {
      action: 'closed_days_refund',
      details: {
        refund_id: receipt.id,
        invoice_id: invoice.id,
        invoice_number: invoice.invoiceNumber,
        closure_id: closure.id,
        closed_period: refund.closed_period,
        closed_days: refund.closed_days,
        amount: receipt.amount,
        currency: receipt.currency,
        method: receipt.method,
        status: receipt.status,
        bank_account: receipt.bank_account,
      },
    },
    mail: { subject: mail.subject, body: `${t.closedDays(values)} ${mail.body(values)}` },
  };
}

/** The event of a card refund the provider declined (logged after the rollback). */
export function refundDeclinedEvent(item: RefundItem, errorCode: number): ChangeEvent {
  return {
    action: 'closed_days_refund',
    status: 'failure',
    details: {
      invoice_id: item.invoice.id,
      closure_id: item.closure.id,
      amount: item.refund.refundable_amount.refundable,
      method: 'card',
      error_code: errorCode,
      error: cardProviderErrorText(errorCode),
    },
  };
}
