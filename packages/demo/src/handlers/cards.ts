import { type CardFormUrl, type CardProvider, type CardRegistered, invalidRequest } from '@portal/contract';
import {
  CARD_CHECK_TEXTS,
  CARD_CHECKOUT_MINUTES,
  CARD_ERROR_CANCELLED,
  CARD_ERROR_UNEXPECTED,
  cardFailureEvent,
  cardRefusal,
  cardRegistered,
  cardRegisteredEvent,
  cardUpdateMails,
  checkCardLocation,
  checkCardProvider,
  checkCardUpdateAllowed,
  isCurrentCard,
  newCardMethodRow,
  ownReturnAddress,
  retriedCharge,
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

/** cards.ts openCheckout: the checkout row and the in_progress event; the page's address. */
function openCheckout(
  store: DemoStore,
  state: MembershipState,
  request: Request,
  returns: { successUrl: string; cancelUrl: string },
): CardFormUrl {
  checkCardUpdateAllowed(state);
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
  const { action, details, status } = cardFailureEvent(state.operator.cardProvider, checkoutId, errorCode);
  logMembershipChange(store, state, action, details, status);
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
    const retried = retriedCharge(invoice, card, checkoutId, result);
    store.tables.payments.push({ id: crypto.randomUUID(), ...retried.payment, createdAt: now });
    if (retried.charged) {
      invoice.status = 'charged';
      invoice.paymentMethodType = retried.charged.type;
      invoice.paymentMethodDetails = retried.charged.details;
    }
    const { action, details, status } = retried.event;
    logMembershipChange(store, state, action, details, status);
    results.push({ invoice, charged: result.ok });
  }
  return results;
}

export const cardsHandlers = defineHandlers({
  dibsUrl: ({ store, auth, query, request }) => {
    const state = loadMembershipState(store, auth.memberId);
    checkCardProvider(state, 'dibs');
    checkCardLocation(state, query.location, 'query.location');
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
    checkCardProvider(state, 'verifone');
    const { route } = demoPortal(request);
    return openCheckout(store, state, request, {
      successUrl: route('/payment/payment-method-updated'),
      cancelUrl: route('/payment/credit-card?cancelled=1'),
    });
  },

  verifoneCreditCard: async ({ store, auth, body }): Promise<CardRegistered> => {
    const { location_id: locationId, ...params } = body;
    let state = loadMembershipState(store, auth.memberId);
    checkCardUpdateAllowed(state);
    checkCardLocation(state, locationId, 'body.location_id');
    const provider = state.operator.cardProvider;
    const verified = await verifyReturn(provider, params).catch((error: unknown) => {
      if (error instanceof CardReturnError) throw cardRefusal(state, 'invalid_card_return');
      throw error;
    });

    // register(): read again, as the server does under the membership lock.
    state = loadMembershipState(store, auth.memberId);
    checkCardUpdateAllowed(state);
    checkCardLocation(state, locationId, 'body.location_id');
    const now = store.now();
    const status = { registered: 'completed', failed: 'failed', cancelled: 'cancelled' } as const;
    const where = { id: verified.checkoutId, memberId: state.member.id, provider, now };
    const checkout = closeCheckout(store, where, status[verified.outcome]);
    if (!checkout) throw cardRefusal(state, 'invalid_card_return');
    // A failed or cancelled return is committed (checkout closed, failure logged), then refused.
    if (verified.outcome === 'failed') {
      logFailure(store, state, checkout.id, verified.errorCode);
      throw afterCommit(cardRefusal(state, 'card_declined'));
    }
    if (verified.outcome === 'cancelled') {
      logFailure(store, state, checkout.id, CARD_ERROR_CANCELLED);
      throw afterCommit(cardRefusal(state, 'card_update_cancelled'));
    }

    const card = verified.card;
    const methods = store.tables.paymentMethods
      .filter((m) => m.memberId === state.member.id && m.removedAt === null)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const current = methods.at(-1);
    const exists = isCurrentCard(current, provider, card);
    let methodId: string;
    if (current && exists) {
      methodId = current.id;
      current.expire = card.expire;
      current.providerToken = card.token;
    } else {
      methodId = crypto.randomUUID();
      for (const method of methods) method.removedAt = now;
      store.tables.paymentMethods.push({
        ...newCardMethodRow(state.member.id, provider, card, methodId, now),
        removedAt: null,
      });
    }
    const outcome = exists ? 'exists' : 'success';
    const event = cardRegisteredEvent(provider, checkout.id, methodId, card, outcome);
    logMembershipChange(store, state, event.action, event.details);
    const retried = await retryDeclined(store, state, card, checkout.id);
    for (const mail of cardUpdateMails(state.member.locale, card, outcome, retried))
      mailMember(store, state, mail);
    return cardRegistered(outcome, retried);
  },
});
