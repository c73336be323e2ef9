import { checkClubChangeStatus, clubChange } from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { logMembershipChange } from '../membership/events.ts';
import { mailMember } from '../membership/outbox.ts';
import { loadMembershipState } from '../membership/state.ts';

// The club calls on the demo's tables: the change is domain's (clubChange.ts, ADR 028).

export const clubHandlers = defineHandlers({
  /** Every club of the member's operator with its dates, by name (the server's order). */
  locations: ({ store, auth }) =>
    store.tables.locations
      .filter((l) => l.operatorId === auth.operatorId)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((c) => ({ id: c.id, name: c.name, opening_date: c.openingDate, closing_date: c.closingDate })),

  updateLocation({ store, auth, body }) {
    const state = loadMembershipState(store, auth.memberId);
    checkClubChangeStatus(state);
    const club = store.tables.locations.find(
      (l) => l.operatorId === state.operator.id && l.id === body.location_id,
    );
    const change = clubChange(state, club);
    if (!change) return;
    state.membership.locationId = change.clubId;
    logMembershipChange(store, state, change.event.action, change.event.details);
    mailMember(store, state, change.mail);
  },
});
