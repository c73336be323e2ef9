import { z } from 'zod';
import { IsoDate, MinorUnits } from './common.ts';

export const FreezePeriod = z.object({
  id: z.string(),
  begin_date: IsoDate,
  end_date: IsoDate,
  cancel_date: IsoDate.nullable(),
});
export type FreezePeriod = z.infer<typeof FreezePeriod>;

export const FreezePolicy = z.object({
  monthly_fee: MinorUnits,
  max_months: z.number().int().nonnegative(),
  required_membership_status: z.array(z.string()),
  membership: z.object({
    id: z.string(),
    status: z.string(),
    available_months: z.number().int().nonnegative(),
    used_months: z.number().int().nonnegative(),
    scheduled_freeze: FreezePeriod.nullable(),
    eligible_to_freeze: z.boolean(),
    current_freeze: FreezePeriod.nullable(),
  }),
});
export type FreezePolicy = z.infer<typeof FreezePolicy>;

export const FreezePeriodRequest = z
  .object({
    freeze_period: z.object({ begin_date: IsoDate, end_date: IsoDate }).strict(),
  })
  .strict();
export type FreezePeriodRequest = z.infer<typeof FreezePeriodRequest>;

export const FreezePeriodParams = z.object({ id: z.string().min(1).max(64) });
