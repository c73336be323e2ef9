import { ApiError, type ErrorItem, type InvoiceLineType, type MembershipStatus } from '@portal/contract';
import type { IsoDate } from './dates.ts';
import type { RuleError } from './freeze.ts';
import type { Addressee, MailText } from './lifecycleMail.ts';
import { languageOf } from './locale.ts';
import { scheduledInvoiceNumber } from './invoice.ts';
import { ruleErrorItem } from './membershipRefusals.ts';
import type { OperatorSettings } from './operators/types.ts';
import type { FreezeFact, MembershipFacts } from './status.ts';

/*
 * ADR 028: a use case that changes a membership is decided here, once, as a plain function
 * of the loaded membership (and the clock's readings and fresh ids it is given); it answers
 * a refusal (thrown as the contract's ApiError) or a MembershipChange. The server writes
 * the change with Drizzle in its locked transaction: one applyChange keeps only that I/O.
 */

/** The membership as the lifecycle rules read it: the server's loadMembershipState answers it. */
export interface LoadedMembership {
  member: Addressee & { id: string; email: string; lastName: string; gdprOptIn: boolean };
  membership: {
    id: string;
    membershipNumber: string;
    cancelledOn: IsoDate | null;
    endDate: IsoDate | null;
    createdAt: Date;
  };
  product: { monthlyFee: number; bindingMonths: number };
  operator: OperatorSettings;
  today: IsoDate;
  facts: MembershipFacts;
  status: MembershipStatus;
}

/** A one-line scheduled invoice, paid with the member's current method when it is written. */
export interface Charge {
  invoiceDate: IsoDate;
  amount: number;
  type: InvoiceLineType;
  /** What the line is about, e.g. the freeze id, so later changes can find it. */
  productId: string | null;
  concept: string;
  /** The line's system concept, when it says more than its type (e.g. `pt_package`); default the type. */
  systemConcept?: string;
  /** The days of club use the charge is for; null for what is no period (e.g. a PT package). */
  period: { from: IsoDate; to: IsoDate } | null;
}

/** A charge for a member of an operator, as the server's scheduleCharge takes it. */
export interface ScheduledCharge extends Charge {
  memberId: string;
  operator: OperatorSettings;
}

/**
 * The invoice and its one line of a scheduled charge; the payment run (outside this portal)
 * charges it on its date with the member's current payment method (`method`, if any).
 */
export function scheduledChargeRows(
  charge: ScheduledCharge,
  method: { type: string; brand: string; details: string } | undefined,
  ids: { invoice: string; line: string },
  createdAt: Date,
) {
  const period = { periodFrom: charge.period?.from ?? null, periodTo: charge.period?.to ?? null };
  return {
    invoice: {
      id: ids.invoice,
      memberId: charge.memberId,
      invoiceNumber: scheduledInvoiceNumber(charge.operator.id, charge.invoiceDate, ids.invoice),
      status: 'scheduled' as const,
      invoiceDate: charge.invoiceDate,
      amount: charge.amount,
      currency: charge.operator.currency,
      ...period,
      paymentMethodType: method?.type ?? null,
      paymentMethodDetails: method ? `${method.brand} ${method.details}` : null,
      createdAt,
    },
    line: {
      id: ids.line,
      invoiceId: ids.invoice,
      position: 1,
      amount: charge.amount,
      productType: charge.type,
      productId: charge.productId,
      systemConcept: charge.systemConcept ?? charge.type,
      humanConcept: charge.concept,
      ...period,
    },
  };
}

/**
 * New dates of an existing freeze. Writing one also removes that freeze's fees scheduled
 * after today, so a changed or cancelled freeze is billed anew.
 */
export interface FreezeDates {
  id: string;
  dates: { beginDate?: IsoDate; endDate?: IsoDate; cancelDate?: IsoDate };
}

/** An entry of the event log about the membership. */
export interface ChangeEvent {
  action: string;
  details: Record<string, unknown>;
  status?: 'in_progress' | 'success' | 'failure';
}

/**
 * What a decided change writes, in this order: the consent answer, the membership's dated
 * facts, a new freeze, freezes' new dates (with their fees after today removed), charges,
 * the event, e-mails under the operator's brand (their text carries its own greeting).
 */
export interface MembershipChange {
  consent?: boolean;
  membership?: { cancelledOn?: IsoDate | null; endDate?: IsoDate | null; withdrawnOn?: IsoDate | null };
  newFreeze?: FreezeFact;
  freezes?: FreezeDates[];
  charges?: Charge[];
  event?: ChangeEvent;
  mails?: { to: string; mail: MailText }[];
}

/** Domain refusals as error items, with messages in the member's language. */
export function refusalItems(member: Addressee, errors: readonly RuleError[]): ErrorItem[] {
  const language = languageOf(member.locale);
  return errors.map((e) => ruleErrorItem(e, language));
}

/** A 422 with the refusals of a domain rule, in the member's language. */
export function membershipRefusal(member: Addressee, errors: readonly RuleError[]): ApiError {
  return new ApiError(422, refusalItems(member, errors));
}
