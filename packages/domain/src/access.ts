import type { Key, MembershipStatus } from '@portal/contract';
import { addDays, addMonths, type IsoDate, minDate } from './dates.ts';
import type { Validity } from './operators/types.ts';
import { isInactiveStatus, type MembershipFacts } from './status.ts';

/** Statuses that may activate a chip, report it lost or get a temporary PIN (docs/access-and-pins.md). */
export const CHIP_STATUSES: readonly MembershipStatus[] = [
  'active',
  'presale',
  'in_trial',
  'in_freeze',
  'in_cancellation',
];

export function canUseChipServices(status: MembershipStatus): boolean {
  return CHIP_STATUSES.includes(status);
}

/** A temporary PIN for a forgotten chip works on the day it is sent only. */
export const FORGOTTEN_CHIP_PIN_VALIDITY: Validity = { days: 1 };

/** The last day a temporary PIN issued on `from` works: `validity` counted from that day on. */
export function temporaryPinValidTo(validity: Validity, from: IsoDate): IsoDate {
  const after = 'months' in validity ? addMonths(from, validity.months) : addDays(from, validity.days);
  return addDays(after, -1);
}

/**
 * The code printed on the back of a chip, as stored: spaces and hyphens a member may type
 * between the groups are dropped and letters are upper case, so "04a1 b2c3" is 04A1B2C3.
 */
export function normalizeChipCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * The day the membership ends (or ended) as far as its facts say today: the stop date of a
 * stopped membership, the end date of a cancelled one or one in cancellation. Keys do not
 * outlive it.
 */
export function membershipEndDate(facts: MembershipFacts, status: MembershipStatus): IsoDate | null {
  if (status === 'stopped') return facts.stopped_on;
  if (status === 'in_cancellation') return facts.end_date;
  if (isInactiveStatus(status)) return facts.end_date ?? facts.cancelled_on;
  return null;
}

/**
 * A key as it stands today (ADR 004: derived, never stored): once the membership has ended
 * (the cancelled variants, stopped) every key is inactive, and no key is valid beyond the
 * membership's end date; a key whose own valid_to has passed (a temporary PIN) is inactive.
 */
export function keyToday<K extends Key>(
  key: K,
  membership: { status: MembershipStatus; endDate: IsoDate | null },
  today: IsoDate,
): K {
  const { endDate } = membership;
  const validTo =
    endDate === null ? key.valid_to : key.valid_to === null ? endDate : minDate(key.valid_to, endDate);
  const expired = key.valid_to !== null && key.valid_to < today;
  const status = isInactiveStatus(membership.status) || expired ? 'inactive' : key.status;
  return { ...key, status, valid_to: validTo };
}

/** Every key of a membership as it stands today, in the given order. */
export function keysToday<K extends Key>(
  keys: readonly K[],
  facts: MembershipFacts,
  status: MembershipStatus,
  today: IsoDate,
) {
  const membership = { status, endDate: membershipEndDate(facts, status) };
  return keys.map((k) => keyToday(k, membership, today));
}

/**
 * The newest key of a type by valid_from. Of keys from the same day, the one still in use
 * wins (a lost-chip PIN ends a forgotten-chip PIN of the same morning), then the first
 * listed (the server lists newest first).
 */
function newest(keys: readonly Key[], type: Key['type']): Key | null {
  const newer = (k: Key, than: Key) =>
    k.valid_from > than.valid_from ||
    (k.valid_from === than.valid_from && than.status === 'inactive' && k.status !== 'inactive');
  return keys
    .filter((k) => k.type === type)
    .reduce<Key | null>((found, k) => (found === null || newer(k, found) ? k : found), null);
}

/** The PIN a member sees: the newest by valid_from, whatever its status. */
export function newestPin(keys: readonly Key[]): Key | null {
  return newest(keys, 'pin');
}

/** The chip the member holds: the one that is active or suspended, else the newest one. */
export function currentChip(keys: readonly Key[]): Key | null {
  return keys.find((k) => k.type === 'rfid' && k.status !== 'inactive') ?? newest(keys, 'rfid');
}

/** The member's active chip, the one that can be reported lost or was forgotten. */
export function activeChip(keys: readonly Key[]): Key | null {
  return keys.find((k) => k.type === 'rfid' && k.status === 'active') ?? null;
}

/** The keys the overview shows: the current chip and the newest PIN. */
export function visibleKeys(keys: readonly Key[]): Key[] {
  return [currentChip(keys), newestPin(keys)].filter((k): k is Key => k !== null);
}

/**
 * The PIN block on home shows unless the member has a key of type rfid.
 * A chip that is no longer in use (lost, replaced, ended) does not count: a member whose
 * chip was reported lost needs the temporary PIN on home.
 */
export function showsPinBlock(keys: readonly Key[]): boolean {
  return !keys.some((k) => k.type === 'rfid' && k.status !== 'inactive');
}

export type KeyStatusText = 'activated' | 'deactivated' | 'temporarily_deactivated' | 'expired';

/** How a key's status reads: activated, deactivated, temporarily deactivated; an inactive PIN has expired. */
export function keyStatusText(key: Pick<Key, 'type' | 'status'>): KeyStatusText {
  if (key.status === 'active') return 'activated';
  if (key.status === 'suspended') return 'temporarily_deactivated';
  return key.type === 'pin' ? 'expired' : 'deactivated';
}

/** A mobile number as an answer or a page may show it: prefix and the last four digits. */
export function maskedMobile(mobile: { prefix: string; number: string }): string {
  const digits = mobile.number.replace(/\D/g, '');
  return `${mobile.prefix.trim().replace(/^00/, '+')} •••• ${digits.slice(-4)}`;
}
