import {
  judgePhoneCode,
  PHONE_CODE_KEEP_MS,
  PHONE_CODE_LENGTH,
  PHONE_CODE_VALIDITY_MS,
  type ProfileRefusal,
  phoneCodeRetryAfter,
  phoneVerificationLimits,
  wrongGuessRefusal,
} from '@portal/domain';
import type { Tx } from '../../db/executor.ts';
import type { AppDeps } from '../../deps.ts';
import { rateLimited } from '../../http/errors.ts';
import { fromHex, randomInt, randomUUID, sha256Hex, timingSafeEqual } from '../../platform/crypto.ts';
import * as repo from './repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Only this hash is stored; the id salts it, so equal codes never share a hash. */
const codeHash = (id: string, code: string) => sha256Hex(`${id}:${code}`);

function sameHash(a: string, b: string): boolean {
  const x = fromHex(a);
  const y = fromHex(b);
  return x !== null && y !== null && timingSafeEqual(x, y);
}

const newCode = () => String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');

export type CodeCheck = { ok: true } | { ok: false; refusal: ProfileRefusal };

/**
 * SMS codes for a new mobile number (ADR 007). Code validity is business time on the
 * portal clock (the member sees the expiry, tests move it); the send limits count real
 * time on the wall clock like the sign-in limits, so Retry-After is real seconds even when
 * PORTAL_CLOCK fixes the portal's now.
 */
export function createPhoneCodes({ clock, wallClock }: Pick<AppDeps, 'clock' | 'wallClock'>) {
  /** 429 once the member, or the number, had its codes this hour (domain's rule). */
  async function assertMaySend(tx: Tx, memberId: string, mobile: string, now: number) {
    const since = new Date(now - HOUR_MS);
    const times = async (by: { memberId: string } | { mobile: string }, limit: number) =>
      (await repo.recentSends(tx, by, since, limit)).map((d) => d.getTime());
    const retryAfter = phoneCodeRetryAfter(
      await times({ memberId }, phoneVerificationLimits.sendsPerMemberPerHour),
      await times({ mobile }, phoneVerificationLimits.sendsPerNumberPerHour),
      now,
    );
    if (retryAfter > 0) throw rateLimited(retryAfter);
  }

  return {
    /**
     * Issues a code for `mobile` (E.164) inside the caller's transaction and returns it with
     * its expiry; the caller sends it by SMS. A new code replaces the member's open ones.
     */
    async issue(tx: Tx, memberId: string, mobile: string): Promise<{ code: string; expiresAt: Date }> {
      await repo.lockNumber(tx, mobile);
      const wallNow = wallClock();
      await assertMaySend(tx, memberId, mobile, wallNow);
      await repo.pruneVerifications(tx, new Date(wallNow - PHONE_CODE_KEEP_MS));
      const now = clock.now();
      await repo.expireOpenCodes(tx, memberId, now);
      const id = randomUUID();
      const code = newCode();
      const expiresAt = new Date(now.getTime() + PHONE_CODE_VALIDITY_MS);
      await repo.insertVerification(tx, {
        id,
        memberId,
        mobile,
        codeHash: codeHash(id, code),
        attempts: 0,
        // Real time, which the send limits count; the expiry is portal time.
        createdAt: new Date(wallNow),
        expiresAt,
        usedAt: null,
      });
      return { code, expiresAt };
    },

    /**
     * Checks what the member typed against their newest code for `mobile`, inside the
     * transaction that saves the profile (which holds the membership lock, so one code
     * serves one change). A wrong guess is counted; the caller must commit it even though
     * the change is refused. The right code is used up.
     */
    async check(tx: Tx, memberId: string, mobile: string, typed: string | undefined): Promise<CodeCheck> {
      const row = typed ? await repo.latestVerification(tx, memberId, mobile) : undefined;
      const now = clock.now();
      const verdict = judgePhoneCode(typed, row, now, () =>
        sameHash(row!.codeHash, codeHash(row!.id, typed!)),
      );
      if (!verdict.ok) {
        if ('refusal' in verdict) return verdict;
        return { ok: false, refusal: wrongGuessRefusal(await repo.recordWrongGuess(tx, row!.id)) };
      }
      await repo.markUsed(tx, row!.id, now);
      return { ok: true };
    },
  };
}

export type PhoneCodes = ReturnType<typeof createPhoneCodes>;
