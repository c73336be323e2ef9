import { z } from 'zod/mini';
import { KeyType } from './access.ts';
import { IsoDateTime } from './common.ts';

export const WorkoutMonth = z.object({
  year: z.int(),
  month: z.int().check(z.gte(1), z.lte(12)),
  count: z.int().check(z.nonnegative()),
  /** Year to date, including this month. */
  ytd: z.int().check(z.nonnegative()),
});
export const Workouts = z.object({ total: z.int().check(z.nonnegative()), months: z.array(WorkoutMonth) });
export type Workouts = z.infer<typeof Workouts>;

/**
 * POST /v1/door/check_ins (our design): a club's door system reports that a chip or PIN
 * opened the door. `check_in_id` is the door system's own id; delivering it again (a
 * retry) gets the first answer and is never counted twice. `code` is the chip's code or
 * the PIN as typed, a trailing # included, or the text of a phone's entry code QR.
 */
export const DoorCheckInRequest = z.strictObject({
  check_in_id: z
    .string()
    .check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : -')),
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(4),
      z.maxLength(41),
      z.regex(
        /^(?:[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*#?|[0-9a-f]{32}:[0-9]{8}|WALLET:[0-9A-Fa-f]{32})$/,
        'a chip code, a PIN, a phone entry code (<device id>:<8 digits>) or a wallet code (WALLET:<32 hex digits>)',
      ),
    ),
  at: IsoDateTime,
});
export type DoorCheckInRequest = z.infer<typeof DoorCheckInRequest>;

/**
 * An accepted check-in: the door opens. `counted` is false for a repeat of the member's
 * check-in less than five minutes before or after (anti-passback): accepted, not a second
 * workout, not stored. A counted one is stored: the same answer for every delivery of its id.
 */
export const DoorCheckIn = z.object({
  check_in_id: z.string(),
  location_id: z.string(),
  at: IsoDateTime,
  /** `phone`: a phone's rotating entry code (ADR 042); `wallet`: a wallet pass's code (ADR 043). */
  key_type: z.union([KeyType, z.literal('phone'), z.literal('wallet')]),
  counted: z.boolean(),
});
export type DoorCheckIn = z.infer<typeof DoorCheckIn>;
