import type { MembershipStatus } from '@portal/contract';
import { isCancelledStatus } from './status.ts';

/** The primary club can be changed except in presale, the cancelled variants and stopped (spec section 5). */
export function canChangeClub(status: MembershipStatus): boolean {
  return !(status === 'presale' || status === 'stopped' || isCancelledStatus(status));
}

/** Only clubs already open and not closed are selectable (spec section 5). */
export function isSelectableClub(
  club: { opening_date: string | null; closing_date: string | null },
  today: string,
): boolean {
  const open = club.opening_date === null || club.opening_date <= today;
  const notClosed = club.closing_date === null || club.closing_date > today;
  return open && notClosed;
}
