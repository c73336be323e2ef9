import type { MembershipStatus } from '@portal/contract';
import type { IsoDate } from './dates.ts';
import type { RuleError } from './freeze.ts';

/**
 * The statuses in which the primary club can be changed: all but presale, the cancelled
 * variants and stopped. The route rule and the server read this list.
 */
export const CLUB_CHANGE_STATUSES: readonly MembershipStatus[] = [
  'active',
  'in_trial',
  'in_freeze',
  'in_cancellation',
];

export function canChangeClub(status: MembershipStatus): boolean {
  return CLUB_CHANGE_STATUSES.includes(status);
}

export interface ClubDates {
  opening_date: IsoDate | null;
  closing_date: IsoDate | null;
}

export type ClubAvailability = 'open' | 'not_yet_open' | 'closed';

/** A club is closed from its closing date on, and not yet open before its opening date. */
export function clubAvailability(club: ClubDates, today: IsoDate): ClubAvailability {
  if (club.closing_date !== null && club.closing_date <= today) return 'closed';
  if (club.opening_date !== null && club.opening_date > today) return 'not_yet_open';
  return 'open';
}

/** Only clubs already open and not closed are selectable (docs/club-consents-account.md). */
export function isSelectableClub(club: ClubDates, today: IsoDate): boolean {
  return clubAvailability(club, today) === 'open';
}

export interface ClubChangeInput {
  status: MembershipStatus;
  /** Ids of the clubs the member's product covers. */
  productLocations: readonly string[];
  club: ClubDates & { id: string };
  today: IsoDate;
}

/**
 * Why a member may not move to a club (empty: allowed). The server answers an unknown club
 * or one of another operator with 404 before asking; choosing the current club again is a
 * no-op, not a refusal.
 */
export function clubChangeErrors({ status, productLocations, club, today }: ClubChangeInput): RuleError[] {
  if (!canChangeClub(status)) return [{ type: 'invalid_status_to_change_club', context: { status } }];
  if (!productLocations.includes(club.id)) return [{ type: 'club_not_in_product' }];
  const availability = clubAvailability(club, today);
  if (availability === 'not_yet_open')
    return [{ type: 'club_not_open_yet', context: { opening_date: club.opening_date } }];
  if (availability === 'closed')
    return [{ type: 'club_closed', context: { closing_date: club.closing_date } }];
  return [];
}

export interface ClubOption<C> {
  club: C;
  current: boolean;
  /** Open and covered: the member can move there. */
  selectable: boolean;
  availability: ClubAvailability;
}

/**
 * The clubs the change page offers: the current club (marked), the open ones the product
 * covers, and the covered ones not open yet (shown with their opening date, not
 * selectable). Closed clubs and clubs outside the product are not offered.
 */
export function clubOptions<C extends ClubDates & { id: string }>(
  clubs: readonly C[],
  {
    currentId,
    productLocations,
    today,
  }: { currentId: string; productLocations: readonly string[]; today: IsoDate },
): ClubOption<C>[] {
  return clubs.flatMap((club) => {
    const current = club.id === currentId;
    const availability = clubAvailability(club, today);
    const covered = productLocations.includes(club.id);
    if (!current && (!covered || availability === 'closed')) return [];
    return [{ club, current, selectable: !current && covered && availability === 'open', availability }];
  });
}
