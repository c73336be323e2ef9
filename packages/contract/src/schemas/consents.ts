import { z } from 'zod';

export const GdprRequest = z.object({ gdpr_opt_in: z.boolean() }).strict();
export type GdprRequest = z.infer<typeof GdprRequest>;
