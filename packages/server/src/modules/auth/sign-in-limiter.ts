import type { SignInLimits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rateLimited } from '../../http/errors.ts';
import * as repo from './repository.ts';

export interface LimitKey {
  key: string;
  limit: number;
}

/**
 * Counts failed sign-ins per key in the database (table sign_in_failures), so the limit
 * holds across restarts and across several server processes on one PostgreSQL. Time is
 * the wall clock: Retry-After is real seconds even when PORTAL_CLOCK fixes the portal's now.
 */
export function createSignInLimiter(db: Db, limits: SignInLimits, wallClock: () => number) {
  return {
    keysFor(operatorId: string, username: string, ip: string): LimitKey[] {
      return [
        { key: `user:${operatorId}:${username}`, limit: limits.perUsername },
        { key: `ip:${ip}`, limit: limits.perIp },
      ];
    },

    /** Throws 429 when any key already has `limit` failures within the window. */
    async assertAllowed(keys: LimitKey[]): Promise<void> {
      const now = wallClock();
      const since = new Date(now - limits.windowMs);
      let retryAt = 0;
      for (const { key, limit } of keys) {
        const failures = await repo.recentFailures(db, key, since, limit);
        const oldestCounted = failures[limit - 1];
        // Once the limit-th newest failure leaves the window, an attempt is allowed again.
        if (oldestCounted) retryAt = Math.max(retryAt, oldestCounted.getTime() + limits.windowMs);
      }
      if (retryAt > 0) throw rateLimited((retryAt - now) / 1000);
    },

    async recordFailure(keys: LimitKey[]): Promise<void> {
      const now = wallClock();
      await db.transaction(async (tx) => {
        await repo.pruneFailures(tx, new Date(now - limits.windowMs));
        await repo.insertFailures(
          tx,
          keys.map((k) => k.key),
          new Date(now),
        );
      });
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
