import type { SignedInSession } from '@portal/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { liveSessionsOf, revokeSessionOf } from '../auth/repository.ts';
import * as repo from './repository.ts';

/**
 * Signed-in devices (ASVS 3.3.4, docs/club-consents-account.md): the member's live sessions,
 * ending one of them or every other one. Ending writes `revoked_at` as sign-out does, so the
 * session check refuses the token at once and the read model's cache entry ends by the
 * sessions trigger's notification (ADR 029).
 */
export function createSessionsService(deps: AppDeps) {
  const { db, clock } = deps;
  return {
    /** This device first, then the others, most recently used first. */
    async list(auth: AuthContext): Promise<SignedInSession[]> {
      const rows = await liveSessionsOf(db, auth.memberId, clock.now());
      const current = rows.filter((row) => row.id === auth.sessionId);
      return [...current, ...rows.filter((row) => row.id !== auth.sessionId)].map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        device: row.device,
        current: row.id === auth.sessionId,
      }));
    },

    /** 404 alike for an unknown id, another member's session and one that already ended. */
    async end(auth: AuthContext, id: string): Promise<void> {
      const ended = await db.transaction((tx) => revokeSessionOf(tx, auth.memberId, id, clock.now()));
      if (!ended) throw notFound('No such session.');
    },

    async endOthers(auth: AuthContext): Promise<void> {
      await db.transaction((tx) => repo.revokeOtherSessions(tx, auth.memberId, auth.sessionId, clock.now()));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
