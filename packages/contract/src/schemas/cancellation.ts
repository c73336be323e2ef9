import { z } from 'zod';
import { IsoDate } from './common.ts';
import { ErrorItem } from '../errors.ts';

export const CancellationPolicy = z.object({
  cancellation_months: z.number().int().nonnegative(),
  membership: z.object({
    calculated_end_date: IsoDate.nullable(),
    errors: z.array(ErrorItem),
  }),
});
export type CancellationPolicy = z.infer<typeof CancellationPolicy>;

export const CancellationRequest = z.object({ gdpr_opt_in: z.boolean().optional() }).strict();
export type CancellationRequest = z.infer<typeof CancellationRequest>;

export const CancellationResult = z.object({ status: z.string(), end_date: IsoDate.nullable() });
export type CancellationResult = z.infer<typeof CancellationResult>;
