import {
  ApiError,
  CARD_ALREADY_EXISTS_MESSAGE,
  CARD_REGISTERED_MESSAGE,
  type CardProvider,
  type CardRegistered,
  type Currency,
  invalidRequest,
  ruleViolation,
} from '@portal/contract';
import type { MailText } from '../lifecycleMail.ts';
import { languageOf } from '../locale.ts';
import type { ChangeEvent } from '../membershipChange.ts';
import { formatMoney } from '../money.ts';
import type { OperatorSettings } from '../operators/types.ts';
import { cardProviderErrorText, cardUpdateAllowed } from '../payments.ts';
import { CARD_CHECK_TEXTS, cardLabel } from './return.ts';
import { type CardRefusal, cardInvoiceList, cardTexts } from './texts.ts';

// The card update's decisions (ADR 028), for the server's payments/cards.ts, card-checks.ts
// and card-retry.ts; checkouts, the provider and the payment-method rows stay with them.

/** Who updates a card, as the checks read it. */
export interface CardHolder {
  member: { locale: string; mobilePrefix: string; mobileNumber: string };
  membership: { locationId: string };
  operator: OperatorSettings;
}

/** A refusal of the card update in the member's language (503 when the provider is unreachable). */
export function cardRefusal(
  state: CardHolder,
  type: CardRefusal,
  context?: Record<string, unknown>,
): ApiError {
  const message = cardTexts[languageOf(state.member.locale)].refusals[type]({
    provider: state.operator.cardProvider,
  });
  if (type === 'card_provider_unavailable') return new ApiError(503, [{ type, message }]);
  return ruleViolation(type, message, context);
}

/** The card update needs a valid mobile (the providers receive it; docs/payments.md). */
export function checkCardUpdateAllowed(state: CardHolder): void {
  const mobile = { prefix: state.member.mobilePrefix, number: state.member.mobileNumber };
  if (!cardUpdateAllowed(mobile)) throw cardRefusal(state, 'invalid_personal_details');
}

export function checkCardLocation(state: CardHolder, locationId: string, field: string): void {
  if (locationId !== state.membership.locationId) throw invalidRequest(field, CARD_CHECK_TEXTS.notYourClub);
}

export function checkCardProvider(state: CardHolder, provider: CardProvider): void {
  if (state.operator.cardProvider !== provider) {
    throw cardRefusal(state, 'card_provider_mismatch', { provider: state.operator.cardProvider });
  }
}

/** The event of a failed or cancelled return (its checkout closed). */
export function cardFailureEvent(provider: CardProvider, checkoutId: string, errorCode: number): ChangeEvent {
  return {
    action: 'update_credit_card',
    status: 'failure',
    details: {
      provider,
      checkout_id: checkoutId,
      error_code: errorCode,
      error: cardProviderErrorText(errorCode),
    },
  };
}

/** A verified card as the provider's return names it. */
export interface ReturnedCard {
  token: string;
  brand: string;
  details: string;
  expire: string;
  fingerprint: string;
}

/**
 * A returned card is the member's current one again (`exists`: its row is refreshed) when
 * the newest method not removed is of the same provider and fingerprint; otherwise it
 * replaces every method (a new row, `newCardMethodRow`).
 */
export function isCurrentCard(
  current: { provider: string; fingerprint: string | null } | undefined,
  provider: CardProvider,
  card: ReturnedCard,
): boolean {
  return current?.provider === provider && current.fingerprint === card.fingerprint;
}

/** The payment-method row of a new card. */
export function newCardMethodRow(
  memberId: string,
  provider: CardProvider,
  card: ReturnedCard,
  id: string,
  createdAt: Date,
) {
  return {
    id,
    memberId,
    provider,
    type: 'card' as const,
    brand: card.brand,
    details: card.details,
    expire: card.expire,
    providerToken: card.token,
    fingerprint: card.fingerprint,
    createdAt,
  };
}

/** The event of a registered card: a new one, or the current one again (`exists`). */
export function cardRegisteredEvent(
  provider: CardProvider,
  checkoutId: string,
  paymentMethodId: string,
  card: ReturnedCard,
  outcome: 'success' | 'exists',
): ChangeEvent {
  return {
    action: 'update_credit_card',
    details: {
      provider,
      checkout_id: checkoutId,
      payment_method_id: paymentMethodId,
      brand: card.brand,
      details: card.details,
      expire: card.expire,
      outcome,
    },
  };
}

/** A declined invoice retried on the new card. */
export interface RetriedInvoice<I> {
  invoice: I;
  charged: boolean;
}

type RetryInvoice = { id: string; invoiceNumber: string; amount: number; currency: Currency };
type ChargeResult = { ok: true; providerReference: string } | { ok: false; errorCode: number };

/**
 * What a charge of an open invoice writes, whoever started it (`action`: a retry after a card
 * update, or the member paying it now): the payment (captured or declined), the invoice's
 * method snapshot when it went through (the same "<brand> <masked details>" as a scheduled
 * charge), and the event with the provider's reference or error.
 */
export function invoiceCharge(
  action: 'retry_declined_invoice' | 'pay_open_invoice',
  invoice: RetryInvoice,
  card: { brand: string; details: string },
  checkoutId: string,
  result: ChargeResult,
) {
  return {
    payment: {
      invoiceId: invoice.id,
      status: result.ok ? ('captured' as const) : ('declined' as const),
      amount: invoice.amount,
      providerReference: result.ok ? result.providerReference : null,
    },
    charged: result.ok ? { type: 'card', details: `${card.brand} ${card.details}` } : null,
    event: {
      action,
      status: result.ok ? 'success' : 'failure',
      details: {
        invoice_id: invoice.id,
        invoice_number: invoice.invoiceNumber,
        amount: invoice.amount,
        currency: invoice.currency,
        checkout_id: checkoutId,
        ...(result.ok
          ? { provider_reference: result.providerReference }
          : { error_code: result.errorCode, error: cardProviderErrorText(result.errorCode) }),
      },
    } satisfies ChangeEvent,
  };
}

/** What a charge retried after a card update writes (`invoiceCharge`). */
export function retriedCharge(
  invoice: RetryInvoice,
  card: { brand: string; details: string },
  checkoutId: string,
  result: ChargeResult,
) {
  return invoiceCharge('retry_declined_invoice', invoice, card, checkoutId, result);
}

/** The confirmation of the card and, when invoices were charged, a receipt (member mails). */
export function cardUpdateMails(
  locale: string,
  card: { brand: string; details: string },
  outcome: 'success' | 'exists',
  retried: readonly RetriedInvoice<RetryInvoice>[],
): MailText[] {
  const language = languageOf(locale);
  const t = cardTexts[language];
  const lines = (charged: boolean) =>
    retried
      .filter((r) => r.charged === charged)
      .map((r) => ({
        number: r.invoice.invoiceNumber,
        amount: formatMoney(r.invoice.amount, r.invoice.currency, locale),
      }));
  const template = outcome === 'success' ? t.registered : t.exists;
  const unpaid = lines(false);
  const body = [template.body(cardLabel(card))];
  if (unpaid.length > 0) body.push(t.stillUnpaid(cardInvoiceList(language, unpaid)));
  const mails = [{ subject: template.subject, body: body.join('\n\n') }];
  const paid = lines(true);
  if (paid.length > 0)
    mails.push({
      subject: t.receipt.subject,
      body: `${t.receipt.body}\n\n${cardInvoiceList(language, paid)}`,
    });
  return mails;
}

/** The answer to a registered card. */
export function cardRegistered(
  outcome: 'success' | 'exists',
  retried: readonly RetriedInvoice<RetryInvoice>[],
): CardRegistered {
  return {
    message: outcome === 'exists' ? CARD_ALREADY_EXISTS_MESSAGE : CARD_REGISTERED_MESSAGE,
    outcome,
    retried_invoices: retried.map((r) => ({
      id: r.invoice.id,
      invoice_number: r.invoice.invoiceNumber,
      status: r.charged ? ('charged' as const) : ('declined' as const),
    })),
  };
}
