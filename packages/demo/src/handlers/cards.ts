import {
  ApiError,
  CARD_ALREADY_EXISTS_MESSAGE,
  CARD_REGISTERED_MESSAGE,
  type CardFormUrl,
  type CardProvider,
  type CardRegistered,
  invalidRequest,
  ruleViolation,
} from '@portal/contract';
import {
  CARD_CHECK_TEXTS,
  CARD_CHECKOUT_MINUTES,
  CARD_ERROR_CANCELLED,
  CARD_ERROR_UNEXPECTED,
  type CardRefusal,
  cardInvoiceList,
  cardLabel,
  cardProviderErrorText,
  cardTexts,
  cardUpdateAllowed,
  formatMoney,
  languageOf,
  ownReturnAddress,
} from '@portal/domain';
import { CardReturnError, cardPagePath, charge, verifyReturn } from '../cards/sandbox.ts';
import { demoPortal } from '../portal.ts';
import { afterCommit, defineHandlers } from '../handler.ts';
import type { DemoStore } from '../store.ts';
import { logMembershipChange } from '../membership/events.ts';
import type { InvoiceRow } from '../membership/invoices.ts';
import { mailMember } from '../membership/outbox.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';

// Ports of the server's modules/payments/cards.ts, card-checks.ts and card-retry.ts; the
// provider is the demo's sandbox (cards/sandbox.ts), its page an app route in the tab.

function refusal(state: MembershipState, type: CardRefusal, context?: Record<string, unknown>): ApiError {
  const message = cardTexts[languageOf(state.member.locale)].refusals[type]({
    provider: state.operator.cardProvider,
  });
  if (type === 'card_provider_unavailable') return new ApiError(503, [{ type, message }]);
  return ruleViolation(type, message, context);
}

function checkAllowed(state: MembershipState): void {
  const mobile = { prefix: state.member.mobilePrefix, number: state.member.mobileNumber };
  if (!cardUpdateAllowed(mobile)) throw refusal(state, 'invalid_personal_details');
}

function checkLocation(state: MembershipState, locationId: string, field: string): void {
  if (locationId !== state.membership.locationId) throw invalidRequest(field, CARD_CHECK_TEXTS.notYourClub);
}

function checkProvider(state: MembershipState, provider: CardProvider): void {
  if (state.operator.cardProvider !== provider) {
    throw refusal(state, 'card_provider_mismatch', { provider: state.operator.cardProvider });
  }
}

/** cards.ts openCheckout: the checkout row and the in_progress event; the page's address. */
function openCheckout(
  store: DemoStore,
  state: MembershipState,
  request: Request,
  returns: { successUrl: string; cancelUrl: string },
): CardFormUrl {
  checkAllowed(state);
  const provider = state.operator.cardProvider;
  const id = crypto.randomUUID();
  const now = store.now();
  store.tables.cardCheckouts.push({
    id,
    memberId: state.member.id,
    provider,
    locationId: state.membership.locationId,
    status: 'open',
    providerReference: null,
    ...returns,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CARD_CHECKOUT_MINUTES * 60_000),
    completedAt: null,
  });
  logMembershipChange(store, state, 'update_credit_card', { provider, checkout_id: id }, 'in_progress');
  return { url: demoPortal(request).route(cardPagePath(provider, id)) };
}

function logFailure(store: DemoStore, state: MembershipState, checkoutId: string, errorCode: number) {
  const details = {
    provider: state.operator.cardProvider,
    checkout_id: checkoutId,
    error_code: errorCode,
    error: cardProviderErrorText(errorCode),
  };
  logMembershipChange(store, state, 'update_credit_card', details, 'failure');
}

/** card-repository.ts closeCheckout: the member's open, unexpired checkout, closed once. */
function closeCheckout(
  store: DemoStore,
  where: { id: string; memberId: string; provider: CardProvider; now: Date },
  status: 'completed' | 'cancelled' | 'failed',
) {
  const row = store.tables.cardCheckouts.find(
    (c) =>
      c.id === where.id &&
      c.memberId === where.memberId &&
      c.provider === where.provider &&
      c.status === 'open' &&
      c.expiresAt > where.now,
  );
  if (!row) return undefined;
  row.status = status;
  row.completedAt = where.now;
  return row;
}

type NewCard = { token: string; brand: string; details: string };

/** card-retry.ts retryDeclinedInvoices: each declined invoice with a period, oldest first. */
async function retryDeclined(store: DemoStore, state: MembershipState, card: NewCard, checkoutId: string) {
  const now = store.now();
  const declined = store.tables.invoices
    .filter((i) => i.memberId === state.member.id && i.status === 'declined' && i.periodFrom !== null)
    .sort((a, b) =>
      a.invoiceDate !== b.invoiceDate
        ? a.invoiceDate < b.invoiceDate
          ? -1
          : 1
        : a.invoiceNumber < b.invoiceNumber
          ? -1
          : 1,
    );
  const results: { invoice: InvoiceRow; charged: boolean }[] = [];
  for (const invoice of declined) {
    const result = await charge(state.operator.cardProvider, {
      token: card.token,
      amount: invoice.amount,
      reference: `${invoice.id}:${checkoutId}`,
    }).catch(() => ({ ok: false as const, errorCode: CARD_ERROR_UNEXPECTED }));
    store.tables.payments.push({
      id: crypto.randomUUID(),
      invoiceId: invoice.id,
      status: result.ok ? 'captured' : 'declined',
      amount: invoice.amount,
      providerReference: result.ok ? result.providerReference : null,
      createdAt: now,
    });
    if (result.ok) {
      invoice.status = 'charged';
      invoice.paymentMethodType = 'card';
      invoice.paymentMethodDetails = `${card.brand} ${card.details}`;
    }
    const details = {
      invoice_id: invoice.id,
      invoice_number: invoice.invoiceNumber,
      amount: invoice.amount,
      currency: invoice.currency,
      checkout_id: checkoutId,
      ...(result.ok
        ? { provider_reference: result.providerReference }
        : { error_code: result.errorCode, error: cardProviderErrorText(result.errorCode) }),
    };
    logMembershipChange(store, state, 'retry_declined_invoice', details, result.ok ? 'success' : 'failure');
    results.push({ invoice, charged: result.ok });
  }
  return results;
}

/** card-retry.ts mailCardUpdate: the confirmation and, when invoices were charged, a receipt. */
function mailCardUpdate(
  store: DemoStore,
  state: MembershipState,
  card: NewCard,
  outcome: 'success' | 'exists',
  retried: { invoice: InvoiceRow; charged: boolean }[],
) {
  const language = languageOf(state.member.locale);
  const t = cardTexts[language];
  const lines = (charged: boolean) =>
    retried
      .filter((r) => r.charged === charged)
      .map((r) => ({
        number: r.invoice.invoiceNumber,
        amount: formatMoney(r.invoice.amount, r.invoice.currency, state.member.locale),
      }));
  const template = outcome === 'success' ? t.registered : t.exists;
  const unpaid = lines(false);
  const body = [template.body(cardLabel(card))];
  if (unpaid.length > 0) body.push(t.stillUnpaid(cardInvoiceList(language, unpaid)));
  mailMember(store, state, { subject: template.subject, body: body.join('\n\n') });
  const paid = lines(true);
  if (paid.length > 0) {
    mailMember(store, state, {
      subject: t.receipt.subject,
      body: `${t.receipt.body}\n\n${cardInvoiceList(language, paid)}`,
    });
  }
}

export const cardsHandlers = defineHandlers({
  dibsUrl: ({ store, auth, query, request }) => {
    const state = loadMembershipState(store, auth.memberId);
    checkProvider(state, 'dibs');
    checkLocation(state, query.location, 'query.location');
    const { origins } = demoPortal(request);
    const address = (value: string, field: string) => {
      const own = ownReturnAddress(value, origins);
      if (!own) throw invalidRequest(field, CARD_CHECK_TEXTS.notOwnAddress);
      return own;
    };
    const successUrl = address(query.success, 'query.success');
    const cancelUrl = address(query.cancel, 'query.cancel');
    return openCheckout(store, state, request, { successUrl, cancelUrl });
  },

  verifoneUrl: ({ store, auth, request }) => {
    const state = loadMembershipState(store, auth.memberId);
    checkProvider(state, 'verifone');
    const { route } = demoPortal(request);
    return openCheckout(store, state, request, {
      successUrl: route('/payment/payment-method-updated'),
      cancelUrl: route('/payment/credit-card?cancelled=1'),
    });
  },

  verifoneCreditCard: async ({ store, auth, body }): Promise<CardRegistered> => {
    const { location_id: locationId, ...params } = body;
    let state = loadMembershipState(store, auth.memberId);
    checkAllowed(state);
    checkLocation(state, locationId, 'body.location_id');
    const provider = state.operator.cardProvider;
    const verified = await verifyReturn(provider, params).catch((error: unknown) => {
      if (error instanceof CardReturnError) throw refusal(state, 'invalid_card_return');
      throw error;
    });

    // register(): read again, as the server does under the membership lock.
    state = loadMembershipState(store, auth.memberId);
    checkAllowed(state);
    checkLocation(state, locationId, 'body.location_id');
    const now = store.now();
    const status = { registered: 'completed', failed: 'failed', cancelled: 'cancelled' } as const;
    const where = { id: verified.checkoutId, memberId: state.member.id, provider, now };
    const checkout = closeCheckout(store, where, status[verified.outcome]);
    if (!checkout) throw refusal(state, 'invalid_card_return');
    // A failed or cancelled return is committed (checkout closed, failure logged), then refused.
    if (verified.outcome === 'failed') {
      logFailure(store, state, checkout.id, verified.errorCode);
      throw afterCommit(refusal(state, 'card_declined'));
    }
    if (verified.outcome === 'cancelled') {
      logFailure(store, state, checkout.id, CARD_ERROR_CANCELLED);
      throw afterCommit(refusal(state, 'card_update_cancelled'));
    }

    const card = verified.card;
    const methods = store.tables.paymentMethods
      .filter((m) => m.memberId === state.member.id && m.removedAt === null)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const current = methods.at(-1);
    const exists = current?.provider === provider && current.fingerprint === card.fingerprint;
    let methodId: string;
    if (current && exists) {
      methodId = current.id;
      current.expire = card.expire;
      current.providerToken = card.token;
    } else {
      methodId = crypto.randomUUID();
      for (const method of methods) method.removedAt = now;
      store.tables.paymentMethods.push({
        id: methodId,
        memberId: state.member.id,
        provider,
        type: 'card',
        brand: card.brand,
        details: card.details,
        expire: card.expire,
        providerToken: card.token,
        fingerprint: card.fingerprint,
        createdAt: now,
        removedAt: null,
      });
    }
    const outcome = exists ? 'exists' : 'success';
    logMembershipChange(store, state, 'update_credit_card', {
      provider,
      checkout_id: checkout.id,
      payment_method_id: methodId,
      brand: card.brand,
      details: card.details,
      expire: card.expire,
      outcome,
    });
    const retried = await retryDeclined(store, state, card, checkout.id);
    mailCardUpdate(store, state, card, outcome, retried);
    return {
      message: exists ? CARD_ALREADY_EXISTS_MESSAGE : CARD_REGISTERED_MESSAGE,
      outcome,
      retried_invoices: retried.map((r) => ({
        id: r.invoice.id,
        invoice_number: r.invoice.invoiceNumber,
        status: r.charged ? ('charged' as const) : ('declined' as const),
      })),
    };
  },
});
