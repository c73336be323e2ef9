import { z } from 'zod/mini';
import { INVOICE_PAGE_MAX } from '../constants.ts';
import { Currency, IsoDate, IsoDateTime, MinorUnits, Period } from './common.ts';

export const CardProvider = z.enum(['verifone', 'dibs']);
export type CardProvider = z.infer<typeof CardProvider>;

/** A card's provider, or `sepa` for a direct debit mandate (brand and expiry then null). */
export const PaymentMethodProvider = z.enum(['verifone', 'dibs', 'sepa']);
export type PaymentMethodProvider = z.infer<typeof PaymentMethodProvider>;

export const PaymentMethod = z.object({
  id: z.string(),
  provider: PaymentMethodProvider,
  type: z.string(),
  brand: z.nullable(z.string()),
  /** A card's masked number, or a direct debit's masked IBAN. */
  details: z.string(),
  /** YYMM, shown as MM/20YY; null for a direct debit. */
  expire: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const InvoiceStatus = z.enum(['charged', 'declined', 'scheduled']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const InvoiceLineType = z.enum([
  'add_on_fee',
  'base_service_fee',
  'rest_of_month_fee',
  'cancel_freeze_fee',
  'credit',
  'freeze_fee',
  'membership_fee',
  'replacement_card_fee',
  'signup_fee',
]);
export type InvoiceLineType = z.infer<typeof InvoiceLineType>;

export const InvoiceLine = z.object({
  amount: MinorUnits,
  product_type: InvoiceLineType,
  product_id: z.nullable(z.string()),
  system_concept: z.string(),
  human_concept: z.string(),
  period: z.nullable(Period),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const Refund = z.object({ status: z.string(), amount: MinorUnits, created_at: IsoDateTime });

export const Payment = z.object({
  status: z.string(),
  created_at: IsoDateTime,
  refunds: z.array(Refund),
});

export const InvoiceParty = z.object({
  name: z.string(),
  address_lines: z.array(z.string()),
  /** Per market: customer number, VAT or organisation number, etc. */
  identifiers: z.array(z.object({ label: z.string(), value: z.string() })),
});

export const Invoice = z.object({
  id: z.string(),
  invoice_number: z.string(),
  status: InvoiceStatus,
  invoice_date: IsoDate,
  amount: MinorUnits,
  currency: Currency,
  period: z.nullable(Period),
  lines: z.array(InvoiceLine),
  payments: z.array(Payment),
  payment_method: z.nullable(z.object({ type: z.string(), details: z.string() })),
  vat_rate: z.number().check(z.nonnegative()),
  member: InvoiceParty,
  operator: InvoiceParty,
});
export type Invoice = z.infer<typeof Invoice>;
/** A page of the member's invoices, newest first. */
export const Invoices = z.array(Invoice);

export const InvoiceParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const ScheduledInvoice = z.object({ invoice_date: IsoDate, amount: MinorUnits });
export type ScheduledInvoice = z.infer<typeof ScheduledInvoice>;

export const RefundableItem = z.object({
  invoice: Invoice,
  closed_period: Period,
  closed_days: z.object({ closed: z.int(), paid: z.int() }),
  refundable_amount: z.object({ refundable: MinorUnits, paid: MinorUnits }),
});
export type RefundableItem = z.infer<typeof RefundableItem>;
/** The invoices a member can still have refunded. */
export const RefundableItems = z.array(RefundableItem);

export const RefundRequest = z.strictObject({});
export const ManualRefundRequest = z.strictObject({
  bank_account_number: z.string().check(z.trim(), z.minLength(5), z.maxLength(40)),
});
export type ManualRefundRequest = z.infer<typeof ManualRefundRequest>;

export const RefundMethod = z.enum(['card', 'bank_account']);
export type RefundMethod = z.infer<typeof RefundMethod>;

/**
 * The answer to a refund request (docs/payments.md, "Refunds of closed days"): what was paid back, where
 * to, and whether it is done. A manual refund stays pending (up to 14 days); the bank
 * account is masked to its last four characters.
 */
export const RefundReceipt = z.object({
  id: z.string(),
  invoice_id: z.string(),
  method: RefundMethod,
  status: z.enum(['pending', 'completed', 'failed']),
  amount: MinorUnits,
  currency: Currency,
  bank_account: z.nullable(z.string()),
  created_at: IsoDateTime,
});
export type RefundReceipt = z.infer<typeof RefundReceipt>;

/**
 * GET /v1/membership/invoices?limit=&before=: a page of the list, newest first. `before` is
 * the id of the last invoice of the previous page (the Link header's rel="next" names it).
 */
export const InvoiceListQuery = z.strictObject({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(INVOICE_PAGE_MAX))),
  before: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

export const DibsUrlQuery = z.strictObject({
  cancel: z.string().check(z.maxLength(2000)),
  success: z.string().check(z.maxLength(2000)),
  locale: z.string().check(z.maxLength(10)),
  location: z.string().check(z.maxLength(64)),
});
export const CardFormUrl = z.object({ url: z.string() });
export type CardFormUrl = z.infer<typeof CardFormUrl>;

/** location_id plus every query parameter the card provider returned. */
export const VerifoneCreditCardRequest = z.catchall(
  z.object({ location_id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  z.string().check(z.maxLength(2000)),
);
export type VerifoneCreditCardRequest = z.infer<typeof VerifoneCreditCardRequest>;

/** The banner on /payment/payment-method-updated (docs/portal-screens.md, "Invoices and the card"). */
export const CardUpdateOutcome = z.enum(['unknown', 'success', 'exists', 'error']);
export type CardUpdateOutcome = z.infer<typeof CardUpdateOutcome>;

export const CardRegistered = z.object({
  message: z.string(),
  outcome: z.optional(z.enum(['success', 'exists'])),
  /** Declined invoices retried against the new card, and what became of each. */
  retried_invoices: z.optional(
    z.array(z.object({ id: z.string(), invoice_number: z.string(), status: InvoiceStatus })),
  ),
});
export type CardRegistered = z.infer<typeof CardRegistered>;

/**
 * Switzerland: health insurers pay back up to 90 % of the yearly fee to
 * members of at least six months. A confirmation of membership and of the fees paid in
 * one calendar year.
 */
export const HealthInsuranceQuery = z.strictObject({
  year: z.optional(z.coerce.number().check(z.int(), z.gte(2000), z.lte(2100))),
});
export const HealthInsuranceConfirmation = z.object({
  year: z.int(),
  /** Calendar years the member can ask for, newest first (years with fees paid). */
  years: z.array(z.int()),
  eligible: z.boolean(),
  member_since: IsoDate,
  /** Whole months of membership up to today. */
  months_member: z.int().check(z.nonnegative()),
  required_months: z.int(),
  reimbursement_percent: z.number(),
  /** Fees paid in that year (charged invoices, less refunds), gross. */
  paid_total: MinorUnits,
  currency: Currency,
  payments: z.array(
    z.object({
      invoice_number: z.string(),
      invoice_date: IsoDate,
      period: z.nullable(Period),
      amount: MinorUnits,
    }),
  ),
  member: InvoiceParty,
  operator: InvoiceParty,
  issued_on: IsoDate,
});
export type HealthInsuranceConfirmation = z.infer<typeof HealthInsuranceConfirmation>;

/** Paying an open invoice now (docs/payments.md, "Paying an open invoice"): nothing to send. */
export const PayInvoiceRequest = z.strictObject({});
export type PayInvoiceRequest = z.infer<typeof PayInvoiceRequest>;

/** Every query parameter the card provider returned from the one-off payment's page. */
export const InvoicePaymentReturn = z.record(
  z.string().check(z.maxLength(100)),
  z.string().check(z.maxLength(2000)),
);
export type InvoicePaymentReturn = z.infer<typeof InvoicePaymentReturn>;

/** The invoice paid with the one-off payment. */
export const InvoicePaid = z.object({
  message: z.string(),
  invoice: z.object({ id: z.string(), invoice_number: z.string(), status: InvoiceStatus }),
});
export type InvoicePaid = z.infer<typeof InvoicePaid>;
