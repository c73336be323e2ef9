import type { MembershipStatus } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/dates.ts';
import {
  canChangeClub,
  clubAvailability,
  clubChangeErrors,
  clubOptions,
  isSelectableClub,
} from '../src/club.ts';
import { isMembershipRouteAllowed } from '../src/navigation.ts';
import { isCancelledStatus } from '../src/status.ts';

const ALL_STATUSES: MembershipStatus[] = [
  'active',
  'in_trial',
  'presale',
  'in_cancellation',
  'in_freeze',
  'cancelled',
  'cancelled_in_presale',
  'cancelled_in_trial',
  'stopped',
];

const today = '2026-11-22';
const club = (id: string, opening_date: string | null, closing_date: string | null = null) => ({
  id,
  name: id,
  opening_date,
  closing_date,
});
const open = club('open', '2020-01-01');
const otherOpen = club('other', '2021-05-01');
const presale = club('presale', '2027-01-01');
const closed = club('closed', '2016-04-01', '2025-06-30');
const clubs = [open, otherOpen, presale, closed];
const all = clubs.map((c) => c.id);

describe('who may change the primary club', () => {
  it.each(ALL_STATUSES)('%s: allowed except in presale, the cancelled statuses and stopped', (status) => {
    const expected = !(status === 'presale' || status === 'stopped' || isCancelledStatus(status));
    expect(canChangeClub(status)).toBe(expected);
    // The route rule reads the same list.
    expect(isMembershipRouteAllowed('club', status)).toBe(expected);
  });
});

describe('club availability', () => {
  it('is open from the opening date up to the day before the closing date', () => {
    expect(clubAvailability(club('x', today), today)).toBe('open');
    expect(clubAvailability(club('x', addDays(today, 1)), today)).toBe('not_yet_open');
    expect(clubAvailability(club('x', null, addDays(today, 1)), today)).toBe('open');
    expect(clubAvailability(club('x', null, today), today)).toBe('closed');
    expect(clubAvailability(club('x', null), today)).toBe('open');
  });

  it('a closed club stays closed even when its opening date is later (never opened)', () => {
    expect(clubAvailability(club('x', '2027-01-01', '2026-01-01'), today)).toBe('closed');
  });

  it('is selectable exactly when open, whatever the dates', () => {
    const date = fc
      .integer({ min: -2000, max: 2000 })
      .map((n) => addDays(today, n))
      .chain((d) => fc.constantFrom<string | null>(d, null));
    fc.assert(
      fc.property(date, date, (opening, closing) => {
        const c = club('x', opening, closing);
        const selectable = isSelectableClub(c, today);
        expect(selectable).toBe(
          (opening === null || opening <= today) && (closing === null || closing > today),
        );
        expect(selectable).toBe(clubAvailability(c, today) === 'open');
      }),
    );
  });
});

describe('changing the club', () => {
  const errors = (status: MembershipStatus, target: ReturnType<typeof club>, covered = all) =>
    clubChangeErrors({ status, productLocations: covered, club: target, today });

  it('allows an open club the product covers', () => {
    expect(errors('active', otherOpen)).toEqual([]);
    expect(errors('in_cancellation', otherOpen)).toEqual([]);
  });

  it('refuses the statuses that cannot change, naming the status', () => {
    expect(errors('presale', otherOpen)).toEqual([
      { type: 'invalid_status_to_change_club', context: { status: 'presale' } },
    ]);
    expect(errors('stopped', otherOpen)[0]?.type).toBe('invalid_status_to_change_club');
  });

  it('refuses a club outside the product, one not open yet (with its date) and a closed one', () => {
    expect(errors('active', otherOpen, ['open'])).toEqual([{ type: 'club_not_in_product' }]);
    expect(errors('active', presale)).toEqual([
      { type: 'club_not_open_yet', context: { opening_date: '2027-01-01' } },
    ]);
    expect(errors('active', closed)).toEqual([
      { type: 'club_closed', context: { closing_date: '2025-06-30' } },
    ]);
  });
});

describe('the clubs offered', () => {
  it('marks the current club, offers open ones, shows not-yet-open ones unselectable and hides closed ones', () => {
    const options = clubOptions(clubs, { currentId: 'open', productLocations: all, today });
    expect(options.map((o) => [o.club.id, o.current, o.selectable, o.availability])).toEqual([
      ['open', true, false, 'open'],
      ['other', false, true, 'open'],
      ['presale', false, false, 'not_yet_open'],
    ]);
  });

  it('leaves out clubs the product does not cover, but always shows the current club', () => {
    const options = clubOptions(clubs, { currentId: 'closed', productLocations: ['open'], today });
    expect(options.map((o) => [o.club.id, o.current, o.selectable])).toEqual([
      ['open', false, true],
      ['closed', true, false],
    ]);
  });
});
