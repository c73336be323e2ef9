import type { CardFormUrl, CardRegistered, VerifoneCreditCardRequest } from '@portal/contract';
import {
  CARD_CHECKOUT_MINUTES,
  CARD_ERROR_CANCELLED,
  type CardRefusal,
  cardFailureEvent,
  cardRegistered,
  cardRegisteredEvent,
  isCurrentCard,
  newCardMethodRow,
} from '@portal/domain';
import type { CardReturn } from '../../adapters/cards/index.ts';
import type { Executor } from '../../db/executor.ts';
import type { AppDeps } from '../../deps.ts';
import { linkOrigin, portalPage } from '../../http/origins.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';
import {
  checkAllowed,
  checkLocation,
  checkProvider,
  portalAddress,
  providerTrouble,
  refusal,
} from './card-checks.ts';
import * as repo from './card-repository.ts';
import { mailCardUpdate, retryDeclinedInvoices } from './card-retry.ts';
import { randomUUID } from '../../platform/crypto.ts';

const CHECKOUT_MINUTES = CARD_CHECKOUT_MINUTES;
const CANCELLED = CARD_ERROR_CANCELLED;

export function createCardService(deps: AppDeps) {
  const { db, clock } = deps;

  /** Opens a checkout with the operator's provider and logs `update_credit_card` in_progress. */
  async function openCheckout(
    state: MembershipState,
    locale: string,
    returns: { successUrl: string; cancelUrl: string },
  ): Promise<CardFormUrl> {
    checkAllowed(state);
    const provider = state.operator.cardProvider;
    const id = randomUUID();
    const started = await deps.cardGateways[provider]
      .startCheckout({
        checkoutId: id,
        operatorId: state.operator.id,
        memberId: state.member.id,
        locale,
        ...returns,
      })
      .catch((error: unknown) => providerTrouble(state, error));
    const now = clock.now();
    await db.transaction(async (tx) => {
      await repo.insertCheckout(tx, {
        id,
        memberId: state.member.id,
        provider,
        locationId: state.membership.locationId,
        status: 'open',
        providerReference: started.providerReference,
        ...returns,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      });
      await logMembershipChange(
        tx,
        clock,
        state,
        'update_credit_card',
        { provider, checkout_id: id },
        'in_progress',
      );
    });
    return { url: started.url };
  }

  /** Writes the failed or cancelled return (checkout already closed) and says why. */
  async function logFailure(tx: Executor, state: MembershipState, checkoutId: string, errorCode: number) {
    const { action, details, status } = cardFailureEvent(state.operator.cardProvider, checkoutId, errorCode);
    await logMembershipChange(tx, clock, state, action, details, status);
  }

  /** Stores the verified card and retries the declined invoices, all under the membership lock. */
  async function register(
    auth: AuthContext,
    locationId: string,
    verified: CardReturn,
  ): Promise<CardRegistered | { refused: CardRefusal }> {
    return db.transaction(async (tx) => {
      const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
      checkAllowed(state);
      checkLocation(state, locationId, 'body.location_id');
      const provider = state.operator.cardProvider;
      const now = clock.now();
      const status = { registered: 'completed', failed: 'failed', cancelled: 'cancelled' } as const;
      const where = { id: verified.checkoutId, memberId: state.member.id, provider, now };
      const checkout = await repo.closeCheckout(tx, where, status[verified.outcome]);
      if (!checkout) throw refusal(state, 'invalid_card_return');

      if (verified.outcome === 'failed') {
        await logFailure(tx, state, checkout.id, verified.errorCode);
        return { refused: 'card_declined' };
      }
      if (verified.outcome === 'cancelled') {
        await logFailure(tx, state, checkout.id, CANCELLED);
        return { refused: 'card_update_cancelled' };
      }

      const card = verified.card;
      const methods = await repo.currentPaymentMethods(tx, state.member.id);
      const current = methods.at(-1);
      const exists = isCurrentCard(current, provider, card);
      let methodId: string;
      if (current && exists) {
        methodId = current.id;
        await repo.refreshPaymentMethod(tx, current.id, { expire: card.expire, providerToken: card.token });
      } else {
        methodId = randomUUID();
        await repo.removePaymentMethods(tx, state.member.id, now);
        await repo.insertPaymentMethod(tx, newCardMethodRow(state.member.id, provider, card, methodId, now));
      }
      const outcome = exists ? 'exists' : 'success';
      const event = cardRegisteredEvent(provider, checkout.id, methodId, card, outcome);
      await logMembershipChange(tx, clock, state, event.action, event.details);
      const gateway = deps.cardGateways[provider];
      const retried = await retryDeclinedInvoices(tx, deps, state, gateway, card, checkout.id);
      await mailCardUpdate(tx, deps, state, card, outcome, retried);
      return cardRegistered(outcome, retried);
    });
  }

  return {
    /** GET /v1/membership/dibs_url: the embeddable form, returning to the portal's own addresses. */
    async dibsUrl(
      auth: AuthContext,
      query: { cancel: string; success: string; locale: string; location: string },
    ): Promise<CardFormUrl> {
      const state = await loadMembershipState(db, auth, clock);
      checkProvider(state, 'dibs');
      checkLocation(state, query.location, 'query.location');
      const successUrl = portalAddress(state, query.success, 'query.success', deps);
      const cancelUrl = portalAddress(state, query.cancel, 'query.cancel', deps);
      const known = (state.operator.locales as readonly string[]).includes(query.locale);
      const locale = known ? query.locale : state.member.locale;
      return openCheckout(state, locale, { successUrl, cancelUrl });
    },

    /**
     * GET /v1/membership/verifone_url: the checkout, returning to the origin the portal was
     * called on when the operator allows it (else its public origin).
     */
    async verifoneUrl(auth: AuthContext, requestOrigin: string): Promise<CardFormUrl> {
      const state = await loadMembershipState(db, auth, clock);
      checkProvider(state, 'verifone');
      const origin = linkOrigin(state.operator.id, requestOrigin, deps.config);
      return openCheckout(state, state.member.locale, {
        successUrl: portalPage(origin, '/payment/payment-method-updated', deps.config),
        cancelUrl: portalPage(origin, '/payment/credit-card?cancelled=1', deps.config),
      });
    },

    /**
     * POST /v1/membership/verifone_credit_card (both providers): verifies the provider's
     * return, then registers the card and retries declined invoices in one transaction.
     */
    async registerCard(auth: AuthContext, body: VerifoneCreditCardRequest): Promise<CardRegistered> {
      const { location_id: locationId, ...params } = body;
      const state = await loadMembershipState(db, auth, clock);
      checkAllowed(state);
      checkLocation(state, locationId, 'body.location_id');
      const gateway = deps.cardGateways[state.operator.cardProvider];
      const verified = await gateway
        .verifyReturn(params)
        .catch((error: unknown) => providerTrouble(state, error));
      const result = await register(auth, locationId, verified);
      // A failed or cancelled return is committed (checkout closed, failure logged), then refused.
      if ('refused' in result) throw refusal(state, result.refused);
      return result;
    },
  };
}

export type CardService = ReturnType<typeof createCardService>;
