import { setTimeout as sleep } from 'node:timers/promises';
import type { JobQueue } from '../../adapters/jobs.ts';
import type { SignInLimits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rateLimited } from '../../http/errors.ts';
import * as repo from './repository.ts';

export interface LimitKey {
  key: string;
  limit: number;
}

/** The counters one sign-in attempt touches (ADR 005). */
export interface SignInKeys {
  /** The username from any address: slows sign-ins down and triggers the notice, never locks. */
  username: string;
  /** This address on this username: 429 after `perIpAndUsername` failures. */
  pair: LimitKey;
  /** This address on any username: 429 after `perIp` failures. */
  address: LimitKey;
}

export const usernameKey = (operatorId: string, username: string) => `user:${operatorId}:${username}`;
export const pairKey = (operatorId: string, username: string, ip: string) =>
  `pair:${operatorId}:${username}@${ip}`;

/** The job that mails a member about many failed sign-ins (handled in service.ts). */
export const SIGN_IN_NOTICE_JOB = 'sign_in_notice';

/** Failures counted at most; enough for the longest delay and the notice threshold. */
const COUNT_CAP = 100;

/**
 * Counts failed sign-ins per key in the database (table sign_in_failures), so the limits
 * hold across restarts and across several server processes on one PostgreSQL. Time is the
 * wall clock: Retry-After is real seconds even when PORTAL_CLOCK fixes the portal's now.
 *
 * Only an address is ever refused: failures on a username from elsewhere slow its sign-ins
 * down (at most `delay.maxMs`) but never lock its member out (issue 11, finding 1).
 */
export function createSignInLimiter(db: Db, limits: SignInLimits, wallClock: () => number, jobs: JobQueue) {
  const since = (now: number) => new Date(now - limits.windowMs);

  /** The progressive delay after `failures` failures on a username within the window. */
  const delayAfter = (failures: number) => {
    const { afterFailures, baseMs, maxMs } = limits.delay;
    if (failures < afterFailures) return 0;
    return Math.min(maxMs, baseMs * 2 ** Math.min(failures - afterFailures, 20));
  };

  return {
    keysFor(operatorId: string, username: string, ip: string): SignInKeys {
      return {
        username: usernameKey(operatorId, username),
        pair: { key: pairKey(operatorId, username, ip), limit: limits.perIpAndUsername },
        address: { key: `ip:${ip}`, limit: limits.perIp },
      };
    },

    /** Throws 429 when any key already has `limit` failures within the window. */
    async assertAllowed(keys: LimitKey[]): Promise<void> {
      const now = wallClock();
      let retryAt = 0;
      for (const { key, limit } of keys) {
        const failures = await repo.recentFailures(db, key, since(now), limit);
        const oldestCounted = failures[limit - 1];
        // Once the limit-th newest failure leaves the window, an attempt is allowed again.
        if (oldestCounted) retryAt = Math.max(retryAt, oldestCounted.getTime() + limits.windowMs);
      }
      if (retryAt > 0) throw rateLimited((retryAt - now) / 1000);
    },

    /** Waits as long as the username's failures within the window ask for (0 to delay.maxMs). */
    async slowDown(keys: SignInKeys): Promise<number> {
      const failures = await repo.recentFailures(db, keys.username, since(wallClock()), COUNT_CAP);
      const ms = delayAfter(failures.length);
      if (ms > 0) await sleep(ms);
      return ms;
    },

    async recordFailure(keys: LimitKey[]): Promise<void> {
      const now = wallClock();
      await db.transaction(async (tx) => {
        await repo.pruneFailures(tx, since(now));
        await repo.insertFailures(
          tx,
          keys.map((k) => k.key),
          new Date(now),
        );
      });
    },

    /**
     * Counts a failed sign-in on all three keys. When the username reaches `noticeAfter`
     * failures and was not told within the window, a notice job is queued: the same work
     * whether or not the username exists, so the answer's timing reveals nothing.
     */
    async recordSignInFailure(keys: SignInKeys, notice: { operatorId: string; username: string }) {
      const now = wallClock();
      const queued = await db.transaction(async (tx) => {
        await repo.pruneFailures(tx, since(now));
        await repo.insertFailures(tx, [keys.username, keys.pair.key, keys.address.key], new Date(now));
        const failures = await repo.recentFailures(tx, keys.username, since(now), COUNT_CAP);
        if (failures.length < limits.noticeAfter) return false;
        if (!(await repo.claimNotice(tx, keys.username, new Date(now), since(now)))) return false;
        await jobs.enqueue(tx, SIGN_IN_NOTICE_JOB, {
          operator_id: notice.operatorId,
          username: notice.username,
          failures: failures.length,
          window_minutes: Math.round(limits.windowMs / 60_000),
        });
        return true;
      });
      if (queued) jobs.kick();
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
