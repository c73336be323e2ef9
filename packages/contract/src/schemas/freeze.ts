import { z } from 'zod/mini';
import { IsoDate, MinorUnits } from './common.ts';

export const FreezePeriod = z.object({
  id: z.string(),
  begin_date: IsoDate,
  end_date: IsoDate,
  cancel_date: z.nullable(IsoDate),
});
export type FreezePeriod = z.infer<typeof FreezePeriod>;

export const FreezePolicy = z.object({
  monthly_fee: MinorUnits,
  max_months: z.int().check(z.nonnegative()),
  required_membership_status: z.array(z.string()),
  membership: z.object({
    id: z.string(),
    status: z.string(),
    available_months: z.int().check(z.nonnegative()),
    used_months: z.int().check(z.nonnegative()),
    scheduled_freeze: z.nullable(FreezePeriod),
    eligible_to_freeze: z.boolean(),
    current_freeze: z.nullable(FreezePeriod),
  }),
});
export type FreezePolicy = z.infer<typeof FreezePolicy>;

export const FreezePeriodRequest = z.strictObject({
  freeze_period: z.strictObject({ begin_date: IsoDate, end_date: IsoDate }),
});
export type FreezePeriodRequest = z.infer<typeof FreezePeriodRequest>;

export const FreezePeriodParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
