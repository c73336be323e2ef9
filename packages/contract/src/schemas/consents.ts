import { z } from 'zod/mini';

export const GdprRequest = z.strictObject({ gdpr_opt_in: z.boolean() });
export type GdprRequest = z.infer<typeof GdprRequest>;
