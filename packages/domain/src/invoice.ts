import type { InvoiceStatus } from '@portal/contract';

/** The stamp on an invoice (docs/portal-screens.md): paid is green, every other stamp red. */
export type InvoiceStamp = 'paid' | 'unpaid' | 'failed' | 'open';

/**
 * charged → paid; declined with a period → unpaid (the member owes that period, the
 * payment alert shows); declined without a period → failed (a one-off charge that did not
 * go through); anything else (scheduled) → open.
 */
export function invoiceStamp(invoice: { status: InvoiceStatus; period: unknown }): InvoiceStamp {
  if (invoice.status === 'charged') return 'paid';
  if (invoice.status === 'declined') return invoice.period != null ? 'unpaid' : 'failed';
  return 'open';
}

/**
 * The invoices the member owes: those stamped unpaid. The menu's payment alert, the unpaid
 * notices of home and payment, and their open amount all read this one rule.
 */
export function unpaidInvoices<T extends { status: InvoiceStatus; period: unknown }>(
  invoices: readonly T[],
): T[] {
  return invoices.filter((invoice) => invoiceStamp(invoice) === 'unpaid');
}

/** What the member owes, in minor units: the sum of the unpaid invoices (0 when none). */
export function openAmount(
  invoices: readonly { status: InvoiceStatus; period: unknown; amount: number }[],
): number {
  return unpaidInvoices(invoices).reduce((sum, invoice) => sum + invoice.amount, 0);
}

/** Rounds half away from zero, so a credit rounds like the charge it reverses. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * The number of an invoice the portal schedules (DE-2026-1A2B3C4D): operator, year of its
 * date and the start of its id, unique as the id is.
 */
export function scheduledInvoiceNumber(operatorId: string, invoiceDate: string, invoiceId: string): string {
  return `${operatorId.toUpperCase()}-${invoiceDate.slice(0, 4)}-${invoiceId.slice(0, 8).toUpperCase()}`;
}

export interface InvoiceTotals {
  /** What the member pays: the sum of the lines, VAT included. */
  gross: number;
  net: number;
  /** Null when the rate is 0: the VAT line is omitted. */
  vat: number | null;
}

/**
 * The VAT contained in gross amounts (ADR 008): our prices are consumer prices with VAT
 * included, so VAT = gross × rate / (100 + rate), not "amount × rate / 100",
 * which is only right for net amounts. Rounded once per invoice (every line of an invoice
 * has the invoice date's rate) to the minor unit, and net is what remains, so
 * net + VAT = gross holds exactly. The rate may have one or two decimals (Switzerland 8.1).
 */
export function invoiceTotals(lines: readonly { amount: number }[], rate: number): InvoiceTotals {
  const gross = lines.reduce((sum, line) => sum + line.amount, 0);
  if (rate === 0) return { gross, net: gross, vat: null };
  const hundredths = Math.round(rate * 100);
  const vat = roundHalfAway((gross * hundredths) / (10_000 + hundredths));
  return { gross, net: gross - vat, vat };
}
