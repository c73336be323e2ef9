import type { ManualRefundRequest, RefundableItem, RefundMethod, RefundReceipt } from '@portal/contract';
import {
  itemToRefund,
  refundAccount,
  refundConfirmation,
  refundDeclinedEvent,
  refundReceipt,
  refundRefusal,
  refundRow,
} from '@portal/domain';
import type { Executor } from '../../db/executor.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { sendMemberMail } from '../membership/notifications.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';
import { completeRefund, insertRefund } from './refund-store.ts';
import { findRefundable, type RefundableOne } from './refundable.ts';
import * as repo from './repository.ts';
import type { PaymentsService } from './service.ts';
import { randomUUID } from '../../platform/crypto.ts';

/** Card provider error 100 (`CARD_PROVIDER_ERRORS`): unexpected error. */
const UNEXPECTED_PROVIDER_ERROR = 100;

const whereFor = (state: MembershipState) => ({
  memberId: state.member.id,
  locationId: state.membership.locationId,
  today: state.today,
});

/** The card provider declined the refund: the transaction is rolled back, then the failure is logged. */
class CardRefundDeclined extends Error {
  constructor(
    readonly state: MembershipState,
    readonly item: RefundableOne,
    readonly errorCode: number,
  ) {
    super(`card refund declined (${errorCode})`);
  }
}

export function createRefundsService(deps: AppDeps, payments: PaymentsService) {
  const { db, clock, mailer } = deps;

  /** Locks the membership first (ADR 006); 404 for an unknown invoice or another member's. */
  async function lockInvoice(tx: Executor, auth: AuthContext, invoiceId: string) {
    const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
    const invoice = await repo.findInvoice(tx, auth.memberId, invoiceId);
    if (!invoice) throw notFound('No such invoice.');
    return { state, invoice };
  }

  /** The earliest refundable item, read after the lock (domain itemToRefund). */
  async function takeItem(tx: Executor, state: MembershipState, invoice: RefundableOne['invoice']) {
    const { items, refunds } = await findRefundable(tx, whereFor(state), invoice);
    return itemToRefund(state.member.locale, items, refunds.length > 0);
  }

  /** Books the refund; the unique (invoice, closure) index answers the loser of a race. */
  async function book(
    tx: Executor,
    state: MembershipState,
    item: RefundableOne,
    method: RefundMethod,
    bankAccount: string | null,
  ) {
    const row = refundRow(state.member.id, item, {
      id: randomUUID(),
      method,
      bankAccount,
      createdAt: clock.now(),
    });
    if (!(await insertRefund(tx, row))) throw refundRefusal(state.member.locale, 'already_refunded');
    return row;
  }

  /** The event and the e-mail of a booked refund (domain refundConfirmation). */
  async function confirm(tx: Executor, state: MembershipState, item: RefundableOne, receipt: RefundReceipt) {
    const { event, mail } = refundConfirmation(state.member.locale, item, receipt);
    await logMembershipChange(tx, clock, state, event.action, event.details);
    await sendMemberMail(tx, mailer, state.member, state.operator, mail);
    return receipt;
  }

  async function logDeclined(e: CardRefundDeclined) {
    const { action, details, status } = refundDeclinedEvent(e.item, e.errorCode);
    await logMembershipChange(db, clock, e.state, action, details, status);
  }

  return {
    /**
     * GET /v1/membership/invoices/refundable: every invoice and closure with closed days to
     * give back, whatever the status (a member who left is still owed them).
     */
    async list(auth: AuthContext): Promise<RefundableItem[]> {
      const state = await loadMembershipState(db, auth, clock);
      const { items } = await findRefundable(db, whereFor(state));
      if (items.length === 0) return [];
      const invoices = new Map((await payments.list(auth)).map((i) => [i.id, i]));
      return items.flatMap((item) => {
        const invoice = invoices.get(item.invoice.id);
        return invoice ? [{ invoice, ...item.refund }] : [];
      });
    },

    /**
     * POST …/{id}/refund: pays the closed days back to the card of the payment, done when
     * the provider accepts it. The provider reference is the invoice and closure, so a
     * retry after a failure or timeout can never pay twice at the provider either.
     */
    async toCard(auth: AuthContext, invoiceId: string): Promise<RefundReceipt> {
      try {
        return await db.transaction(async (tx) => {
          const { state, invoice } = await lockInvoice(tx, auth, invoiceId);
          const item = await takeItem(tx, state, invoice);
          const row = await book(tx, state, item, 'card', null);
          const gateway = deps.cardGateways[state.operator.cardProvider];
          // Payments keep no provider reference of their own; our payment id is the one the charge was made under.
          const result = await gateway
            .refund({
              paymentReference: item.payment.id,
              amount: row.amount,
              currency: invoice.currency,
              reference: `refund:${invoice.id}:${item.closure.id}`,
            })
            // Unreachable provider: nothing is booked, and the member can try again (same reference).
            .catch(() => ({ ok: false as const, errorCode: UNEXPECTED_PROVIDER_ERROR }));
          if (!result.ok) throw new CardRefundDeclined(state, item, result.errorCode);
          await completeRefund(tx, row.id, clock.now());
          return confirm(tx, state, item, refundReceipt(row, item, 'completed', null));
        });
      } catch (e) {
        if (!(e instanceof CardRefundDeclined)) throw e;
        await logDeclined(e);
        throw refundRefusal(e.state.member.locale, 'refund_failed');
      }
    },

    /**
     * POST …/{id}/manual_refund: books a transfer to the member's bank account for finance
     * to pay (pending, up to 14 days). The full account number is kept only on the refund
     * row, for finance; answers, e-mails and the event log show it masked.
     */
    async toBankAccount(auth: AuthContext, invoiceId: string, request: ManualRefundRequest) {
      return db.transaction(async (tx) => {
        const { state, invoice } = await lockInvoice(tx, auth, invoiceId);
        const account = refundAccount(state.operator, state.member.locale, request.bank_account_number);
        const item = await takeItem(tx, state, invoice);
        const row = await book(tx, state, item, 'bank_account', account.account);
        return confirm(tx, state, item, refundReceipt(row, item, 'pending', account.masked));
      });
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
