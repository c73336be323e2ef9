import { randomUUID } from 'node:crypto';
import {
  cardInvoiceList,
  cardLabel,
  cardProviderErrorText,
  cardTexts,
  formatMoney,
  languageOf,
} from '@portal/domain';
import type { CardGateway, ChargeResult } from '../../adapters/cards/index.ts';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { sendMemberMail } from '../membership/notifications.ts';
import type { MembershipState } from '../membership/state.ts';
import * as repo from './card-repository.ts';

/** Card provider error 100 (spec section 8): the gateway threw instead of answering. */
const UNEXPECTED_ERROR = 100;

export interface RetriedInvoice {
  invoice: repo.InvoiceRow;
  charged: boolean;
}

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
    await repo.insertPayment(tx, {
      id: randomUUID(),
      invoiceId: invoice.id,
      status: result.ok ? 'captured' : 'declined',
      amount: invoice.amount,
      providerReference: result.ok ? result.providerReference : null,
      createdAt: now,
    });
    if (result.ok) {
      // The same snapshot as billing.ts and the seed write: "<brand> <masked details>".
      await repo.markInvoiceCharged(tx, invoice.id, {
        type: 'card',
        details: `${card.brand} ${card.details}`,
      });
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
    const status = result.ok ? 'success' : 'failure';
    await logMembershipChange(tx, deps.clock, state, 'retry_declined_invoice', details, status);
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
  await sendMemberMail(tx, deps.mailer, state.member, state.operator, {
    subject: template.subject,
    body: body.join('\n\n'),
  });
  const paid = lines(true);
  if (paid.length > 0) {
    await sendMemberMail(tx, deps.mailer, state.member, state.operator, {
      subject: t.receipt.subject,
      body: `${t.receipt.body}\n\n${cardInvoiceList(language, paid)}`,
    });
  }
}
