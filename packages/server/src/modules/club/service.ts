import type { Location, UpdateLocationRequest } from '@portal/contract';
import { canChangeClub, clubChangedMail, clubChangeErrors, clubRefusals, languageOf } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { localizedRefusal } from '../membership/localized-refusal.ts';
import { sendMemberMail } from '../membership/notifications.ts';
import { loadMembershipState } from '../membership/state.ts';

import * as repo from './repository.ts';

export function createClubService(deps: AppDeps) {
  const { db, clock, mailer } = deps;

  return {
    /** Every club of the member's operator with its dates; the portal decides what to offer from them. */
    async list(auth: AuthContext): Promise<Location[]> {
      const rows = await repo.listOperatorClubs(db, auth.operatorId);
      return rows.map((c) => ({
        id: c.id,
        name: c.name,
        opening_date: c.openingDate,
        closing_date: c.closingDate,
      }));
    },

    /**
     * Moves the membership to another club. Choosing the current club again changes
     * nothing and records nothing (a repeated request is harmless).
     */
    async change(auth: AuthContext, { location_id }: UpdateLocationRequest): Promise<void> {
      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
        const refuse = (type: string, context?: Record<string, unknown>) =>
          localizedRefusal(clubRefusals, state.member.locale, [{ type, ...(context ? { context } : {}) }]);
        if (!canChangeClub(state.status))
          throw refuse('invalid_status_to_change_club', { status: state.status });
        const club = await repo.findOperatorClub(tx, state.operator.id, location_id);
        if (!club) throw refuse('unknown_club');
        if (club.id === state.membership.locationId) return;
        const errors = clubChangeErrors({
          status: state.status,
          productLocations: state.product.locationIds,
          club: { id: club.id, opening_date: club.openingDate, closing_date: club.closingDate },
          today: state.today,
        });
        if (errors.length) throw localizedRefusal(clubRefusals, state.member.locale, errors);

        await repo.setMembershipClub(tx, state.membership.id, club.id);
        await logMembershipChange(tx, clock, state, 'club_changed', {
          from: { id: state.location.id, name: state.location.name },
          to: { id: club.id, name: club.name },
        });
        await sendMemberMail(
          tx,
          mailer,
          state.member,
          state.operator,
          clubChangedMail[languageOf(state.member.locale)](club.name),
        );
      });
    },
  };
}

export type ClubService = ReturnType<typeof createClubService>;
