import { z } from 'zod';
import { IsoDate } from './common.ts';
import { WeeklyHours } from './contact.ts';

/** A club. */
export const Location = z.object({
  id: z.string(),
  name: z.string(),
  opening_date: IsoDate.nullable(),
  closing_date: IsoDate.nullable(),
  /** Where it is (street, postal code and town), for choosing a club; optional to older clients. */
  address_lines: z.array(z.string()).optional(),
  /** When members get in, in the operator's timezone. */
  opening_hours: WeeklyHours.optional(),
});
export type Location = z.infer<typeof Location>;

export const UpdateLocationRequest = z.object({ location_id: z.string().min(1).max(64) }).strict();
export type UpdateLocationRequest = z.infer<typeof UpdateLocationRequest>;
