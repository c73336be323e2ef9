import {
  canChangeClub,
  clubChangedMail,
  clubChangeErrors,
  clubRefusals,
  languageOf,
  memberMail,
  type RuleError,
} from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { logMembershipChange } from '../membership/events.ts';
import { localizedRefusal } from '../membership/refusals.ts';
import { sendMessage } from '../membership/outbox.ts';
import { loadMembershipState } from '../membership/state.ts';

// Ports of the server's modules/club onto the demo's tables.

const refusal = (locale: string, errors: readonly RuleError[]) =>
  localizedRefusal(clubRefusals, locale, errors);

export const clubHandlers = defineHandlers({
  /** Every club of the member's operator with its dates, by name (the server's order). */
  locations: ({ store, auth }) =>
    store.tables.locations
      .filter((l) => l.operatorId === auth.operatorId)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((c) => ({ id: c.id, name: c.name, opening_date: c.openingDate, closing_date: c.closingDate })),

  updateLocation({ store, auth, body }) {
    const state = loadMembershipState(store, auth.memberId);
    const { locale } = state.member;
    if (!canChangeClub(state.status)) {
      throw refusal(locale, [{ type: 'invalid_status_to_change_club', context: { status: state.status } }]);
    }
    const club = store.tables.locations.find(
      (l) => l.operatorId === state.operator.id && l.id === body.location_id,
    );
    if (!club) throw refusal(locale, [{ type: 'unknown_club' }]);
    // The current club again changes nothing and records nothing.
    if (club.id === state.membership.locationId) return;
    const errors = clubChangeErrors({
      status: state.status,
      productLocations: state.product.locationIds,
      club: { id: club.id, opening_date: club.openingDate, closing_date: club.closingDate },
      today: state.today,
    });
    if (errors.length) throw refusal(locale, errors);

    state.membership.locationId = club.id;
    logMembershipChange(store, state, 'club_changed', {
      from: { id: state.location.id, name: state.location.name },
      to: { id: club.id, name: club.name },
    });
    const mail = clubChangedMail[languageOf(locale)](club.name);
    sendMessage(store, state.operator, state.member.id, {
      to: state.member.email,
      ...memberMail(state.operator.brand, state.member, mail),
    });
  },
});
