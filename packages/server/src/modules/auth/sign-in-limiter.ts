import type { JobQueue } from '../../adapters/jobs.ts';
import type { SignInLimits } from '../../settings.ts';
import type { Db, Executor } from '../../db/executor.ts';
import { rateLimited } from '../../http/errors.ts';
import { sleep } from '../../platform/time.ts';
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

/**
 * The failure rows an attempt counted before its password was checked: they stay when the
 * check fails and are removed when it succeeds (`release`).
 */
export interface Reservation {
  ids: number[];
}

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
 * down (at most `delay.maxMs`) but never lock its member out (docs/security.md, finding 1).
 *
 * An attempt is counted before its password is checked (`reserve`: check the limits and
 * insert the failure rows, one step per key under an advisory lock), so of attempts sent
 * at once no more than the limit reach the check (docs/security.md, R7).
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

    /**
     * Throws 429 when any of `limited` already has `limit` failures within the window;
     * otherwise counts this attempt as a failure of `limited` and `counted` before the
     * password is checked. Each key's check and insert hold its lock (keys in one order),
     * so attempts sent at once are counted one after the other.
     */
    async reserve(limited: LimitKey[], counted: string[] = []): Promise<Reservation> {
      const now = wallClock();
      return db.transaction(async (tx) => {
        for (const key of [...new Set(limited.map((k) => k.key))].sort()) await repo.lockFailureKey(tx, key);
        let retryAt = 0;
        for (const { key, limit } of limited) {
          const failures = await repo.recentFailures(tx, key, since(now), limit);
          const oldestCounted = failures[limit - 1];
          // Once the limit-th newest failure leaves the window, an attempt is allowed again.
          if (oldestCounted) retryAt = Math.max(retryAt, oldestCounted.getTime() + limits.windowMs);
        }
        if (retryAt > 0) throw rateLimited((retryAt - now) / 1000);
        const keys = [...limited.map((k) => k.key), ...counted];
        return { ids: await repo.insertFailures(tx, keys, new Date(now)) };
      });
    },

    /** The password was right: the attempt is no failure after all. */
    async release(ex: Executor, reservation: Reservation): Promise<void> {
      await repo.deleteFailureRows(ex, reservation.ids);
    },

    /** A sign-in's reservation: 429 on the address's limits; the username is counted, never refused. */
    reserveSignIn(keys: SignInKeys): Promise<Reservation> {
      return this.reserve([keys.pair, keys.address], [keys.username]);
    },

    /**
     * Waits as long as the username's failures within the window ask for (0 to
     * delay.maxMs); after `reserveSignIn`, whose own row is not counted.
     */
    async slowDown(keys: SignInKeys): Promise<number> {
      const failures = await repo.recentFailures(db, keys.username, since(wallClock()), COUNT_CAP);
      const ms = delayAfter(failures.length - 1);
      if (ms > 0) await sleep(ms);
      return ms;
    },

    /**
     * A failed sign-in, already counted on all three keys by `reserveSignIn`. When the
     * username reaches `noticeAfter` failures and was not told within the window, a notice
     * job is queued: the same work whether or not the username exists, so the answer's
     * timing reveals nothing.
     */
    async recordSignInFailure(keys: SignInKeys, notice: { operatorId: string; username: string }) {
      const now = wallClock();
      const queued = await db.transaction(async (tx) => {
        await repo.pruneFailures(tx, since(now));
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
