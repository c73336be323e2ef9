import type { Key, MembershipStatus } from '@portal/contract';
import { normalizeChipCode } from './access.ts';
import type { IsoDate } from './dates.ts';
import type { KeyRowFields } from './membershipView.ts';
import { type FreezeRowDates, type MembershipRowDates, membershipFacts } from './rowFacts.ts';
import { deriveStatus, isInactiveStatus, type MembershipFacts } from './status.ts';

/**
 * Statuses in which a member trains: a trial before the paid membership begins, a
 * cancelled membership up to its end date. A frozen membership pays the freeze fee instead
 * of training, and a presale one has not begun.
 */
export const TRAINING_STATUSES: readonly MembershipStatus[] = ['active', 'in_trial', 'in_cancellation'];

export function canTrain(status: MembershipStatus): boolean {
  return TRAINING_STATUSES.includes(status);
}

/** Door clocks drift: a check-in may be this far ahead of the server's now. */
export const CHECK_IN_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Anti-passback (docs/workouts-referral-contact.md): a member's check-ins less than this
 * apart count once, whatever the door's id, key or club. A door that reads a chip twice, a
 * retry with a new id, the same card at two clubs in one second: one workout.
 */
export const CHECK_IN_REPEAT_WINDOW_MS = 5 * 60_000;

/** Whether a check-in at `at` repeats one of the member's counted check-ins (`counted`). */
export function isRepeatCheckIn(at: Date, counted: readonly Date[]): boolean {
  return counted.some((other) => Math.abs(other.getTime() - at.getTime()) < CHECK_IN_REPEAT_WINDOW_MS);
}

/** A code as a door sends it, compared like a chip code: a PIN's trailing # is the keypad's enter key. */
export function normalizeDoorCode(code: string): string {
  return normalizeChipCode(code.replace(/#$/, ''));
}

export type CheckInRefusal =
  | 'check_in_in_future'
  | 'unknown_code'
  | 'key_not_active'
  | 'invalid_status_for_check_in'
  | 'club_not_in_product'
  | 'ambiguous_code';

/**
 * A check-in id delivered again with another code or instant; a phone's entry code whose
 * digits are not its device's of that period or the one before, or already opened a door
 * (ADR 042).
 */
export type DoorRefusal = CheckInRefusal | 'check_in_id_reused' | 'entry_code_invalid' | 'code_already_used';

/** What a door system reads in a refusal (English: it is a machine's log, not a member's screen). */
export const DOOR_REFUSAL_TEXTS: Record<DoorRefusal, string> = {
  check_in_in_future: 'The check-in is dated in the future.',
  unknown_code: 'No chip or PIN of this operator has this code.',
  key_not_active: 'The chip or PIN was not active at that time.',
  invalid_status_for_check_in: 'The membership does not train at that time.',
  club_not_in_product: "The membership's product does not include this club.",
  ambiguous_code: 'The code belongs to more than one membership.',
  check_in_id_reused: 'This check-in id was already used for another check-in.',
  entry_code_invalid: "The digits are not the phone's entry code of this or the previous 30 seconds.",
  code_already_used:
    'This entry code has already opened a door; the phone shows a new one within 30 seconds.',
};

/** 401 text: no door key, or one no club has. */
export const DOOR_KEY_REQUIRED = "Send the club's door key as Authorization: Bearer <key>.";

/** 401 text: a configured door key whose club is not (or no longer) in the database. */
export const DOOR_CLUB_UNKNOWN = 'The club of this key is unknown.';

/**
 * A stored key with the instants it was created and, when an action ended it, ended; a
 * phone's key (ADR 042) opens doors like a chip.
 */
export interface DoorKey extends Omit<Key, 'type'> {
  type: DoorKeyType;
  created_at: Date;
  ended_at: Date | null;
}

/**
 * Whether a key opened doors at `at` (`day` is its date in the operator's timezone). The
 * stored status is today's, so the past is read from the dates: an inactive key with a
 * valid_to worked up to that day (it expired or was ended then), one without never did;
 * a suspended key does not work. The instants bound its first and last day: not before it
 * was created, not after a lost-chip report or a replacement ended it.
 */
export function keyWorkedAt(key: DoorKey, at: Date, day: IsoDate): boolean {
  if (key.status === 'suspended' || (key.status === 'inactive' && key.valid_to === null)) return false;
  if (day < key.valid_from || (key.valid_to !== null && key.valid_to < day)) return false;
  return at >= key.created_at && (key.ended_at === null || at < key.ended_at);
}

/** A key of the operator with the code that was used, and its membership. */
export interface CheckInCandidate {
  key: DoorKey;
  membershipId: string;
  facts: MembershipFacts;
  /** The clubs the membership's product opens. */
  clubs: readonly string[];
}

/** The keys a door accepts: a chip, a PIN, a phone's entry code or a wallet pass's code. */
export type DoorKeyType = Key['type'] | 'phone' | 'wallet';

/** A stored key with its membership, member and the clubs its product opens, as read for a door. */
export interface DoorKeyRow {
  key: Omit<KeyRowFields, 'type'> & { type: DoorKeyType; id: string; createdAt: Date; endedAt: Date | null };
  membership: MembershipRowDates & { id: string };
  memberId: string;
  clubs: readonly string[];
}

/** A stored key as domain decideCheckIn reads it. */
export function checkInCandidate(
  row: DoorKeyRow,
  freezes: readonly (FreezeRowDates & { membershipId: string })[],
): CheckInCandidate & { keyId: string; memberId: string } {
  const { key, membership } = row;
  return {
    key: {
      type: key.type,
      code: key.code,
      status: key.status,
      valid_from: key.validFrom,
      valid_to: key.validTo,
      created_at: key.createdAt,
      ended_at: key.endedAt,
    },
    keyId: key.id,
    membershipId: membership.id,
    memberId: row.memberId,
    facts: membershipFacts(
      membership,
      freezes.filter((f) => f.membershipId === membership.id),
    ),
    clubs: row.clubs,
  };
}

export interface CheckInAttempt {
  clubId: string;
  at: Date;
  /** The date of `at` in the operator's timezone. */
  day: IsoDate;
  now: Date;
}

export type CheckInDecision<C> = { accepted: C } | { refusal: CheckInRefusal; status?: MembershipStatus };

/** The checks in order; of several refused keys the answer names the check one got furthest in. */
const STAGES: readonly CheckInRefusal[] = [
  'key_not_active',
  'invalid_status_for_check_in',
  'club_not_in_product',
];

function refusalOf(
  candidate: CheckInCandidate,
  attempt: CheckInAttempt,
): { refusal: CheckInRefusal; status?: MembershipStatus } | null {
  const status = deriveStatus(candidate.facts, attempt.day);
  // Keys follow the membership (ADR 004): once it has ended none of them works.
  if (isInactiveStatus(status) || !keyWorkedAt(candidate.key, attempt.at, attempt.day)) {
    return { refusal: 'key_not_active' };
  }
  if (!canTrain(status)) return { refusal: 'invalid_status_for_check_in', status };
  if (!candidate.clubs.includes(attempt.clubId)) return { refusal: 'club_not_in_product' };
  return null;
}

/**
 * Whether a check-in counts, given every key of the operator with its code (a PIN's
 * digits may have been another member's before). Exactly one membership must accept it:
 * two would mean a workout counted for a member who may not have trained.
 */
export function decideCheckIn<C extends CheckInCandidate>(
  candidates: readonly C[],
  attempt: CheckInAttempt,
): CheckInDecision<C> {
  if (attempt.at.getTime() > attempt.now.getTime() + CHECK_IN_CLOCK_SKEW_MS) {
    return { refusal: 'check_in_in_future' };
  }
  if (candidates.length === 0) return { refusal: 'unknown_code' };
  const accepted: C[] = [];
  let furthest: { refusal: CheckInRefusal; status?: MembershipStatus } | null = null;
  for (const candidate of candidates) {
    const refused = refusalOf(candidate, attempt);
    if (!refused) accepted.push(candidate);
    else if (!furthest || STAGES.indexOf(refused.refusal) > STAGES.indexOf(furthest.refusal))
      furthest = refused;
  }
  if (new Set(accepted.map((c) => c.membershipId)).size > 1) return { refusal: 'ambiguous_code' };
  return accepted[0] ? { accepted: accepted[0] } : furthest!;
}
