import { z } from 'zod';
import { IsoDate } from './common.ts';

/** A club. */
export const Location = z.object({
  id: z.string(),
  name: z.string(),
  opening_date: IsoDate.nullable(),
  closing_date: IsoDate.nullable(),
});
export type Location = z.infer<typeof Location>;

export const UpdateLocationRequest = z.object({ location_id: z.string().min(1).max(64) }).strict();
export type UpdateLocationRequest = z.infer<typeof UpdateLocationRequest>;
