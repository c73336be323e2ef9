import type { CardProvider, Currency, Locale, OperatorId, WeeklyHours } from '@portal/contract';
import type { IsoDate } from '../dates.ts';

export interface Money {
  /** Minor units. */
  amount: number;
  currency: Currency;
}

export type CancellationFlow = 'multi_step' | 'single_page' | 'email';

/** How an operator runs group class bookings (docs/classes.md). */
export interface ClassSettings {
  /** A session opens for booking this many days before it starts. */
  bookingOpensDaysAhead: number;
  /** Booked and waitlisted sessions still to come, at most. */
  maxFutureBookings: number;
  /** A cancellation less than this many minutes before the start is recorded as late. */
  lateCancellationMinutes: number;
  /** The waitlist takes nobody and promotes nobody this many minutes before the start. */
  waitlistClosesMinutes: number;
  /** What a late cancellation costs, if anything (billed by the operator, shown in the portal). */
  lateCancellationFee: Money | null;
}

/** How long a temporary PIN stays valid after it is sent. */
export type Validity = { months: number } | { days: number };

/**
 * Everything that differs between operators, as data (docs/operators.md). Screens and
 * services read these settings; none of them asks which operator it is.
 */
export interface OperatorSettings {
  id: OperatorId;
  /** Legal name, shown on invoices and in the operator entity. */
  name: string;
  /** Brand shown in the portal's top bar and e-mails. */
  brand: string;
  country: string;
  timezone: string;
  currency: Currency;
  /** Locales offered by the language switcher, default first. */
  locales: readonly Locale[];
  cardProvider: CardProvider;
  /**
   * The ways a member of the operator may pay, first the default: card everywhere, SEPA
   * direct debit where members expect it (docs/payments.md "SEPA direct debit").
   */
  paymentMethods: readonly ('card' | 'sepa_direct_debit')[];
  supportEmail: string;
  /** Customer service's phone, in international format. */
  supportPhone: string;
  /** When customer service answers, in the operator's timezone. */
  supportHours: WeeklyHours;
  /** The operator's postal address as its market writes it (invoices, the contact page). */
  addressLines: readonly string[];
  ptEnabled: boolean;
  /** Group classes (docs/classes.md); null: the operator offers none (no menu item, no calls). */
  classes: ClassSettings | null;
  /** The cancellation flow for members who are not in trial or presale. */
  cancellationFlow: CancellationFlow;
  /**
   * § 312k BGB: a cancellation button reachable without signing in, on every logged-out
   * page and in the shell's footer, labelled "Verträge hier kündigen".
   */
  publicCancellation: boolean;
  /** The withdrawal button during the 14-day withdrawal period (§ 356a BGB, EU 2023/2673). */
  withdrawalButton: boolean;
  /** A freeze must be requested before the 1st of the month it starts in. */
  freezeRequestBeforeFirstOfMonth: boolean;
  /** Frozen months move the contract's end date (and the text says so). */
  freezeExtendsContract: boolean;
  /** The freeze page says a freeze is "one month or once". */
  freezeOneMonthOrOnceText: boolean;
  phoneChangeViaSupport: boolean;
  /**
   * Mobile prefixes offered where the product requires phone verification (SMS can be
   * delivered and verified there): the five markets and their neighbours.
   */
  mobilePrefixWhitelist: readonly string[];
  temporaryPinContactClubManager: boolean;
  temporaryPinValidity: Validity;
  replacementChipFee: Money | null;
  forgottenChipSmsFee: Money | null;
  signupFeeOnReturn: Money | null;
  healthInsuranceReimbursement: boolean;
  referralPromotion: 'free_month_per_new_member' | 'two_months_half_price' | null;
  /** VAT rates in percent from a date on; the latest not after a date applies. */
  vatRates: readonly { from: IsoDate; rate: number }[];
  freezePolicy: { maxMonthsPerYear: number; monthlyFee: number };
  cancellationNoticeMonths: number;
}
