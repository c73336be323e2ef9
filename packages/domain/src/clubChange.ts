import type { MembershipStatus } from '@portal/contract';
import { canChangeClub, clubChangeErrors } from './club.ts';
import { clubChangedMail, clubRefusals } from './clubTexts.ts';
import type { IsoDate } from './dates.ts';
import type { MailText } from './lifecycleMail.ts';
import { languageOf } from './locale.ts';
import type { ChangeEvent } from './membershipChange.ts';
import { localizedRefusal } from './refusal.ts';

// The home club's change (ADR 028), for the server's modules/club/service.ts; the club's
// lookup and the membership's write stay with the service.

export interface ClubMember {
  member: { locale: string };
  status: MembershipStatus;
  membership: { locationId: string };
  product: { locationIds: readonly string[] };
  location: { id: string; name: string };
  today: IsoDate;
}

type Club = { id: string; name: string; openingDate: IsoDate | null; closingDate: IsoDate | null };

const refuse = (state: ClubMember, type: string, context?: Record<string, unknown>) =>
  localizedRefusal(clubRefusals, state.member.locale, [{ type, ...(context ? { context } : {}) }]);

/** Checked before the club is looked up: statuses that keep their club. */
export function checkClubChangeStatus(state: ClubMember): void {
  if (!canChangeClub(state.status))
    throw refuse(state, 'invalid_status_to_change_club', { status: state.status });
}

/**
 * The move to `club` (undefined: not one of the operator's): null when it is the current
 * club (nothing changes, nothing is recorded), else the club to write, the event and the
 * member's e-mail.
 */
export function clubChange(
  state: ClubMember,
  club: Club | undefined,
): { clubId: string; event: ChangeEvent; mail: MailText } | null {
  if (!club) throw refuse(state, 'unknown_club');
  if (club.id === state.membership.locationId) return null;
  const errors = clubChangeErrors({
    status: state.status,
    productLocations: state.product.locationIds,
    club: { id: club.id, opening_date: club.openingDate, closing_date: club.closingDate },
    today: state.today,
  });
  if (errors.length) throw localizedRefusal(clubRefusals, state.member.locale, errors);
  return {
    clubId: club.id,
    event: {
      action: 'club_changed',
      details: {
        from: { id: state.location.id, name: state.location.name },
        to: { id: club.id, name: club.name },
      },
    },
    mail: clubChangedMail[languageOf(state.member.locale)](club.name),
  };
}
