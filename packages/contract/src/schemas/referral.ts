import { z } from 'zod';
import { MinorUnits } from './common.ts';

export const Referral = z.object({
  name: z.string(),
  discount_months: z.number().int().nonnegative(),
  discount_percentage: z.number().nonnegative(),
  pt_hours: z.number().nonnegative(),
  /** Newlines become line breaks. */
  presentation: z.string(),
});
export type Referral = z.infer<typeof Referral>;

export const ReferralPromotion = z.object({
  name: z.string(),
  promotion_type: z.string(),
  referrer_discount_months: z.number().int().nonnegative(),
  referrer_discount_percentage: z.number().nonnegative(),
  referrer_pt_hours: z.number().nonnegative(),
  signup_fee: MinorUnits,
  status: z.string(),
});
export type ReferralPromotion = z.infer<typeof ReferralPromotion>;
