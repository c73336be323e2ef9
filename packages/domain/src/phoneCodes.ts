import { PHONE_CODE_VALIDITY_MINUTES, phoneVerificationLimits } from './profile.ts';
import type { ProfileRefusal } from './profileTexts.ts';

/*
 * The rules of SMS codes for a new mobile number (ADR 007), without their storage: how many
 * codes may go out, how long one lives and what a typed code is answered. The server keeps
 * codes as salted hashes in the database.
 */

const HOUR_MS = 60 * 60 * 1000;
export const PHONE_CODE_VALIDITY_MS = PHONE_CODE_VALIDITY_MINUTES * 60 * 1000;
/** Sent codes are kept a day (for the send limits and support), then deleted. */
export const PHONE_CODE_KEEP_MS = 24 * HOUR_MS;

/**
 * Seconds until another code may go out, or 0 when one may now: once the member, or the
 * number, had its codes this hour, the limit-th newest send must leave the hour first.
 * `byMember` and `toNumber` are send times (ms) of the last hour, in any order.
 */
export function phoneCodeRetryAfter(
  byMember: readonly number[],
  toNumber: readonly number[],
  now: number,
): number {
  const limits = [
    [byMember, phoneVerificationLimits.sendsPerMemberPerHour],
    [toNumber, phoneVerificationLimits.sendsPerNumberPerHour],
  ] as const;
  let retryAt = 0;
  for (const [sends, limit] of limits) {
    const recent = sends.filter((t) => t > now - HOUR_MS).sort((a, b) => b - a);
    const oldestCounted = recent[limit - 1];
    if (oldestCounted !== undefined) retryAt = Math.max(retryAt, oldestCounted + HOUR_MS);
  }
  return retryAt > 0 ? (retryAt - now) / 1000 : 0;
}

/** A stored code as the check reads it. */
export interface StoredPhoneCode {
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

/** What a typed code is answered: used up, refused, or a wrong guess to count first. */
export type PhoneCodeVerdict =
  | { ok: true }
  | { ok: false; refusal: ProfileRefusal }
  | { ok: false; wrongGuess: true };

/**
 * Judges what the member typed against their newest code for the number (`row`), in the
 * server's order: nothing typed or no code, a used or exhausted code, an expired one, then
 * the comparison itself (`matches`, called only when the code may still be guessed).
 */
export function judgePhoneCode(
  typed: string | undefined,
  row: StoredPhoneCode | undefined,
  now: Date,
  matches: () => boolean,
): PhoneCodeVerdict {
  if (!typed || !row) return { ok: false, refusal: { type: 'verification_required' } };
  const dead = { ok: false, refusal: { type: 'invalid_verification_code', attempts_left: 0 } } as const;
  if (row.usedAt) return dead;
  if (row.expiresAt <= now) return { ok: false, refusal: { type: 'verification_code_expired' } };
  if (row.attempts >= phoneVerificationLimits.guessesPerCode) return dead;
  return matches() ? { ok: true } : { ok: false, wrongGuess: true };
}

/** The refusal of a wrong guess once it is counted (`attempts` guesses made so far). */
export function wrongGuessRefusal(attempts: number): ProfileRefusal {
  return {
    type: 'invalid_verification_code',
    attempts_left: Math.max(0, phoneVerificationLimits.guessesPerCode - attempts),
  };
}
