import type { Location, UpdateLocationRequest } from '@portal/contract';
import { checkClubChangeStatus, clubChange } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { logMembershipChange } from '../membership/changes.ts';
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
        address_lines: [c.address.street, `${c.address.postal_code} ${c.address.postal_location}`],
        opening_hours: c.openingHours,
      }));
    },

    /**
     * Moves the membership to another club. Choosing the current club again changes
     * nothing and records nothing (a repeated request is harmless).
     */
    async change(auth: AuthContext, { location_id }: UpdateLocationRequest): Promise<void> {
      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        checkClubChangeStatus(state);
        const club = await repo.findOperatorClub(tx, state.operator.id, location_id);
        const change = clubChange(state, club);
        if (!change) return;
        await repo.setMembershipClub(tx, state.membership.id, change.clubId);
        await logMembershipChange(tx, clock, state, change.event.action, change.event.details);
        await sendMemberMail(tx, mailer, state.member, state.operator, change.mail);
      });
    },
  };
}

export type ClubService = ReturnType<typeof createClubService>;
