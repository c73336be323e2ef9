import { z } from 'zod/mini';
import { Currency, IsoDate, IsoDateTime, Locale, MinorUnits, OperatorId } from './common.ts';
import { Key } from './access.ts';
import { FreezePeriod } from './freeze.ts';
import { Location } from './club.ts';
import { PaymentMethod } from './payments.ts';
import { Profile } from './profile.ts';
import { Referral } from './referral.ts';

export const MembershipStatus = z.enum([
  'active',
  'in_trial',
  'presale',
  'in_cancellation',
  'in_freeze',
  'cancelled',
  'cancelled_in_presale',
  'cancelled_in_trial',
  'stopped',
]);
export type MembershipStatus = z.infer<typeof MembershipStatus>;

export const Operator = z.object({
  id: OperatorId,
  name: z.string(),
  country: z.string().check(z.length(2)),
  timezone: z.string(),
  currency: Currency,
});
export type Operator = z.infer<typeof Operator>;

export const Product = z.object({
  presentation: z.object({ name: z.string(), description: z.string() }),
  /** Ids of the clubs the product gives access to. */
  locations: z.array(z.string()),
  schedule: z.object({
    monthly_fee: MinorUnits,
    /** Minimum term in months from the begin date (0: none). */
    binding_months: z.int().check(z.nonnegative()),
  }),
  require_phone_verification: z.boolean(),
});
export type Product = z.infer<typeof Product>;

export const Membership = z.object({
  id: z.string(),
  membership_number: z.string(),
  status: MembershipStatus,
  begin_date: IsoDate,
  end_date: z.nullable(IsoDate),
  activates_on: z.nullable(IsoDate),
  referral_code: z.nullable(z.string()),
  gdpr_opt_in: z.boolean(),
  /** When the marketing consent was last given or withdrawn; null when never changed. */
  gdpr_updated_at: z.nullable(IsoDateTime),
  sheltered: z.boolean(),
  locale: Locale,
  freeze_periods: z.array(FreezePeriod),
  scheduled_freeze: z.nullable(FreezePeriod),
  operator: Operator,
  profile: Profile,
  location: Location,
  product: Product,
  current_payment_method: z.nullable(PaymentMethod),
  keys: z.array(Key),
  referral: z.nullable(Referral),
  /**
   * The last day the member may withdraw from the contract (14 days from signing up), while
   * the operator offers the withdrawal button and the membership has not ended; else null.
   */
  withdrawal_until: z.optional(z.nullable(IsoDate)),
});
export type Membership = z.infer<typeof Membership>;

export const MembershipQuery = z.strictObject({ locale: z.optional(Locale) });
