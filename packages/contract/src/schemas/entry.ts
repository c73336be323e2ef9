import { z } from 'zod/mini';
import { IsoDateTime } from './common.ts';

/**
 * Phone entry (our design, ADR 042): a member's device computes a rotating code (TOTP,
 * RFC 6238) from a secret it received once; the door sends `<device_id>:<digits>`.
 */
export const ENTRY_CODE = { algorithm: 'TOTP-SHA1', digits: 8, period: 30 } as const;

/** At most this many devices per member. */
export const ENTRY_DEVICE_LIMIT = 3;

/** A device id as the door reads it in the code: 32 lowercase hexadecimal digits. */
export const EntryDeviceId = z.string().check(z.regex(/^[0-9a-f]{32}$/, '32 hexadecimal digits'));

export const EntryDeviceRequest = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
});
export type EntryDeviceRequest = z.infer<typeof EntryDeviceRequest>;

export const EntryDeviceParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** The answer of setting a device up: the only answer that ever carries its secret. */
export const EntryDeviceCreated = z.object({
  device_id: EntryDeviceId,
  /** The shared secret, base32 (RFC 4648) without padding. */
  secret: z.string(),
  algorithm: z.literal(ENTRY_CODE.algorithm),
  digits: z.literal(ENTRY_CODE.digits),
  period: z.literal(ENTRY_CODE.period),
});
export type EntryDeviceCreated = z.infer<typeof EntryDeviceCreated>;

/** A set-up device as the list shows it: never its secret. */
export const EntryDevice = z.object({
  device_id: EntryDeviceId,
  name: z.string(),
  created_at: IsoDateTime,
  last_used_at: z.nullable(IsoDateTime),
});
export type EntryDevice = z.infer<typeof EntryDevice>;

export const EntryDevices = z.array(EntryDevice);

export const OccupancyLevel = z.enum(['quiet', 'normal', 'busy']);
export type OccupancyLevel = z.infer<typeof OccupancyLevel>;

export const OccupancyParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** How busy a club is now, and usually at each hour of today's weekday (our design). */
export const Occupancy = z.object({
  location_id: z.string(),
  /** Members checked in within the club's visit length before now. */
  current: z.int().check(z.nonnegative()),
  capacity: z.int().check(z.positive()),
  level: OccupancyLevel,
  updated_at: IsoDateTime,
  /** Hours (0–23, the operator's timezone) with check-ins on this weekday in the last eight weeks. */
  typical: z.array(z.object({ hour: z.int().check(z.gte(0), z.lte(23)), level: OccupancyLevel })),
});
export type Occupancy = z.infer<typeof Occupancy>;
