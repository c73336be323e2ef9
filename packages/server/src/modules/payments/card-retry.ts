import { cardUpdateMails, type RetriedInvoice as Retried, retriedCharge } from '@portal/domain';
import type { CardGateway, ChargeResult } from '../../adapters/cards/index.ts';
import type { Executor } from '../../db/executor.ts';
import type { AppDeps } from '../../deps.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { sendMemberMail } from '../membership/notifications.ts';
import type { MembershipState } from '../membership/state.ts';
import * as repo from './card-repository.ts';
import { randomUUID } from '../../platform/crypto.ts';

/** Card provider error 100 (`CARD_PROVIDER_ERRORS`): the gateway threw instead of answering. */
const UNEXPECTED_ERROR = 100;

export type RetriedInvoice = Retried<repo.InvoiceRow>;

export interface NewCard {
  token: string;
  brand: string;
  details: string;
}

async function charge(gateway: CardGateway, invoice: repo.InvoiceRow, card: NewCard, checkoutId: string) {
  try {
    return await gateway.charge({
      token: card.token,
      amount: invoice.amount,
      currency: invoice.currency,
      // Invoice and checkout: a return posted again never charges an invoice twice.
      reference: `${invoice.id}:${checkoutId}`,
    });
  } catch {
    return { ok: false, errorCode: UNEXPECTED_ERROR } satisfies ChargeResult;
  }
}

/**
 * Charges each declined invoice with a period to the new card, in the caller's transaction
 * (the membership is locked). A charge that goes through is a captured payment and makes the
 * invoice charged; one that fails is a declined payment and leaves the invoice declined. Each
 * is logged with the provider's reference or error.
 */
export async function retryDeclinedInvoices(
  tx: Executor,
  deps: AppDeps,
  state: MembershipState,
  gateway: CardGateway,
  card: NewCard,
  checkoutId: string,
): Promise<RetriedInvoice[]> {
  const now = deps.clock.now();
  const results: RetriedInvoice[] = [];
  for (const invoice of await repo.declinedInvoicesWithPeriod(tx, state.member.id)) {
    const result = await charge(gateway, invoice, card, checkoutId);
    const retried = retriedCharge(invoice, card, checkoutId, result);
    await repo.insertPayment(tx, { id: randomUUID(), ...retried.payment, createdAt: now });
    if (retried.charged) await repo.markInvoiceCharged(tx, invoice.id, retried.charged);
    const { action, details, status } = retried.event;
    await logMembershipChange(tx, deps.clock, state, action, details, status);
    results.push({ invoice, charged: result.ok });
  }
  return results;
}

/** The confirmation of the card and, when invoices were charged, a receipt: both through the outbox. */
export async function mailCardUpdate(
  tx: Executor,
  deps: AppDeps,
  state: MembershipState,
  card: { brand: string; details: string },
  outcome: 'success' | 'exists',
  retried: RetriedInvoice[],
): Promise<void> {
  for (const mail of cardUpdateMails(state.member.locale, card, outcome, retried)) {
    await sendMemberMail(tx, deps.mailer, state.member, state.operator, mail);
  }
}
