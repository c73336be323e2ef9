import type { EventRequest } from '@portal/contract';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { findMembership } from '../membership/repository.ts';
import { insertEvent } from './repository.ts';
import { randomUUID } from '../../platform/crypto.ts';

export function createEventsService(deps: AppDeps) {
  return {
    /** Appends to the membership event log (views and changes the portal reports). */
    async log(auth: AuthContext, event: EventRequest): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const record = await findMembership(tx, auth.memberId);
        await insertEvent(tx, {
          id: randomUUID(),
          memberId: auth.memberId,
          membershipId: record?.membership.id ?? null,
          action: event.action,
          status: event.status,
          details: event.details ?? null,
          createdAt: deps.clock.now(),
        });
      });
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
