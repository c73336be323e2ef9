import { z } from 'zod/mini';
import { IsoDate } from './common.ts';
import { WeeklyHours } from './contact.ts';

/** A club. */
export const Location = z.object({
  id: z.string(),
  name: z.string(),
  opening_date: z.nullable(IsoDate),
  closing_date: z.nullable(IsoDate),
  /** Where it is (street, postal code and town), for choosing a club; optional to older clients. */
  address_lines: z.optional(z.array(z.string())),
  /** When members get in, in the operator's timezone. */
  opening_hours: z.optional(WeeklyHours),
});
export type Location = z.infer<typeof Location>;
/** The clubs a member may choose as their own. */
export const Locations = z.array(Location);

export const UpdateLocationRequest = z.strictObject({
  location_id: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type UpdateLocationRequest = z.infer<typeof UpdateLocationRequest>;
