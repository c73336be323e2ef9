import type { CardFormUrl, InvoicePaid } from '@portal/contract';
import {
  CARD_CHECKOUT_MINUTES,
  CARD_ERROR_CANCELLED,
  checkInvoicePayable,
  type PayNowRefusal,
  payNowCharge,
  payNowFailureEvent,
  payNowPaidMessage,
  payNowReceipt,
  payNowReference,
  payNowRefusal,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { ChargeResult } from '../../adapters/cards/index.ts';
import type { Executor } from '../../db/executor.ts';
import { invoices } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { notFound } from '../../http/errors.ts';
import { linkOrigin, portalPage } from '../../http/origins.ts';
import { randomUUID } from '../../platform/crypto.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { sendMemberMail } from '../membership/notifications.ts';
import { loadMembershipState } from '../membership/state.ts';
import { checkAllowed, providerTrouble, refusal } from './card-checks.ts';
import * as repo from './card-repository.ts';

/** Card provider error 100 (`CARD_PROVIDER_ERRORS`): the gateway threw instead of answering. */
const UNEXPECTED_ERROR = 100;

/** The member's own invoice, else 404 (another member's invoice is not there for them). */
async function ownInvoice(ex: Executor, memberId: string, id: string, lock = false) {
  const query = ex
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.memberId, memberId)))
    .limit(1);
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) throw notFound('No such invoice.');
  return row;
}

/**
 * Paying an open invoice now (docs/payments.md, "Paying an open invoice"; ADR 041): a
 * checkout of the operator's card provider for exactly the invoice's amount, and its return
 * verified with the provider and booked once under the membership lock (ADR 009, 033).
 */
export function createPayNowService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    /** POST /v1/membership/invoices/{id}/pay: the provider's page for the invoice's amount. */
    async start(auth: AuthContext, invoiceId: string, requestOrigin: string): Promise<CardFormUrl> {
      const state = await loadMembershipState(db, auth, clock);
      const invoice = await ownInvoice(db, state.member.id, invoiceId);
      checkInvoicePayable(state.member.locale, invoice);
      checkAllowed(state);
      const provider = state.operator.cardProvider;
      const id = randomUUID();
      const origin = linkOrigin(state.operator.id, requestOrigin, deps.config);
      const page = `/payment/invoices/${encodeURIComponent(invoice.id)}/paid`;
      const returns = {
        successUrl: portalPage(origin, page, deps.config),
        cancelUrl: portalPage(origin, `${page}?cancelled=1`, deps.config),
      };
      const started = await deps.cardGateways[provider]
        .startCheckout({
          checkoutId: id,
          operatorId: state.operator.id,
          memberId: state.member.id,
          locale: state.member.locale,
          ...returns,
          payment: {
            amount: invoice.amount,
            currency: invoice.currency,
            reference: payNowReference(invoice.id, id),
            description: invoice.invoiceNumber,
          },
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
          invoiceId: invoice.id,
          amount: invoice.amount,
          createdAt: now,
          expiresAt: new Date(now.getTime() + CARD_CHECKOUT_MINUTES * 60_000),
        });
        await logMembershipChange(
          tx,
          clock,
          state,
          'pay_open_invoice',
          { provider, checkout_id: id, invoice_id: invoice.id, amount: invoice.amount },
          'in_progress',
        );
      });
      return { url: started.url };
    },

    /**
     * POST /v1/membership/invoices/{id}/pay/return: verifies the provider's return, then
     * charges the invoice's amount once and books it, in one transaction under the lock.
     */
    async finish(auth: AuthContext, invoiceId: string, params: Record<string, string>): Promise<InvoicePaid> {
      const state = await loadMembershipState(db, auth, clock);
      await ownInvoice(db, state.member.id, invoiceId);
      const provider = state.operator.cardProvider;
      const gateway = deps.cardGateways[provider];
      const verified = await gateway
        .verifyReturn(params)
        .catch((error: unknown) => providerTrouble(state, error));

      const result = await db.transaction(async (tx): Promise<InvoicePaid | { refused: PayNowRefusal }> => {
        const locked = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        const locale = locked.member.locale;
        const invoice = await ownInvoice(tx, locked.member.id, invoiceId, true);
        const now = clock.now();
        const status = { registered: 'completed', failed: 'failed', cancelled: 'cancelled' } as const;
        const where = { id: verified.checkoutId, memberId: locked.member.id, invoiceId, provider, now };
        const checkout = await repo.closeCheckout(tx, where, status[verified.outcome]);
        if (!checkout || checkout.amount !== invoice.amount) throw refusal(locked, 'invalid_card_return');

        if (verified.outcome !== 'registered') {
          const code = verified.outcome === 'failed' ? verified.errorCode : CARD_ERROR_CANCELLED;
          const event = payNowFailureEvent(invoice, checkout.id, code);
          await logMembershipChange(tx, clock, locked, event.action, event.details, event.status);
          return { refused: verified.outcome === 'failed' ? 'card_declined' : 'payment_cancelled' };
        }
        // Paid meanwhile (another tab's payment, a card update's retry): never charged twice.
        if (invoice.status !== 'declined' || invoice.periodFrom === null) {
          const event = payNowFailureEvent(invoice, checkout.id, CARD_ERROR_CANCELLED);
          await logMembershipChange(tx, clock, locked, event.action, event.details, event.status);
          return { refused: 'invoice_not_payable' };
        }

        const card = verified.card;
        let charged: ChargeResult;
        try {
          charged = await gateway.charge({
            token: card.token,
            amount: invoice.amount,
            currency: invoice.currency,
            reference: payNowReference(invoice.id, checkout.id),
            authorisation: checkout.providerReference,
          });
        } catch {
          charged = { ok: false, errorCode: UNEXPECTED_ERROR };
        }
        const decided = payNowCharge(invoice, card, checkout.id, charged);
        await repo.insertPayment(tx, { id: randomUUID(), ...decided.payment, createdAt: now });
        const { action, details, status: eventStatus } = decided.event;
        await logMembershipChange(tx, clock, locked, action, details, eventStatus);
        if (!decided.charged) return { refused: 'card_declined' };
        await repo.markInvoiceCharged(tx, invoice.id, decided.charged);
        await sendMemberMail(
          tx,
          deps.mailer,
          locked.member,
          locked.operator,
          payNowReceipt(locale, invoice, card),
        );
        return {
          message: payNowPaidMessage(locale, invoice.invoiceNumber),
          invoice: { id: invoice.id, invoice_number: invoice.invoiceNumber, status: 'charged' },
        };
      });
      // A failed or cancelled return is committed (checkout closed, failure logged), then refused.
      if ('refused' in result) throw payNowRefusal(state.member.locale, result.refused);
      return result;
    },
  };
}

export type PayNowService = ReturnType<typeof createPayNowService>;
