import { defineHandlers } from '../handler.ts';
import { newestMembershipOf } from './membership.ts';

/** Port of the server's modules/events/service.ts: appends to the membership event log. */
export const eventsHandlers = defineHandlers({
  logEvent({ store, auth, body }) {
    store.tables.events.push({
      id: crypto.randomUUID(),
      memberId: auth.memberId,
      membershipId: newestMembershipOf(store.tables, auth.memberId)?.id ?? null,
      action: body.action,
      status: body.status,
      details: body.details ?? null,
      createdAt: store.now(),
    });
  },
});
