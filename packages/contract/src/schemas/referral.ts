import { z } from 'zod/mini';
import { MinorUnits } from './common.ts';

export const Referral = z.object({
  name: z.string(),
  discount_months: z.int().check(z.nonnegative()),
  discount_percentage: z.number().check(z.nonnegative()),
  pt_hours: z.number().check(z.nonnegative()),
  /** Newlines become line breaks. */
  presentation: z.string(),
});
export type Referral = z.infer<typeof Referral>;

export const ReferralPromotion = z.object({
  name: z.string(),
  promotion_type: z.string(),
  referrer_discount_months: z.int().check(z.nonnegative()),
  referrer_discount_percentage: z.number().check(z.nonnegative()),
  referrer_pt_hours: z.number().check(z.nonnegative()),
  signup_fee: MinorUnits,
  status: z.string(),
});
export type ReferralPromotion = z.infer<typeof ReferralPromotion>;
