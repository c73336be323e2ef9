import { ApiError } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  attendsSession,
  classSessionState,
  decideClassBooking,
  getOperator,
  isLateCancellation,
  menuItems,
} from '../src/index.ts';

const settings = getOperator('de').classes!;
const at = (iso: string) => new Date(iso);
const session = { startsAt: at('2026-11-23T17:00:00Z'), endsAt: at('2026-11-23T17:45:00Z'), capacity: 3 };
const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).body.errors[0]?.type;
  }
  return null;
};
const facts = (over: Partial<Parameters<typeof decideClassBooking>[0]> = {}) => ({
  status: 'active' as const,
  session,
  now: at('2026-11-22T10:00:00Z'),
  booked: 0,
  upcoming: [],
  ...over,
});

describe('class booking rules', () => {
  it('books while places remain, then waitlists until the waitlist closes', () => {
    expect(decideClassBooking(facts({ booked: 2 }), settings)).toBe('booked');
    expect(decideClassBooking(facts({ booked: 3 }), settings)).toBe('waitlisted');
    const late = at('2026-11-23T16:40:00Z');
    expect(refusalOf(() => decideClassBooking(facts({ booked: 3, now: late }), settings))).toBe(
      'waitlist_closed',
    );
    expect(decideClassBooking(facts({ booked: 2, now: late }), settings)).toBe('booked');
  });

  it('refuses in order: status, started, not open yet, overlap, too many', () => {
    expect(refusalOf(() => decideClassBooking(facts({ status: 'in_freeze' }), settings))).toBe(
      'membership_status_not_allowed',
    );
    expect(refusalOf(() => decideClassBooking(facts({ status: 'presale' }), settings))).toBe(
      'membership_status_not_allowed',
    );
    expect(refusalOf(() => decideClassBooking(facts({ now: at('2026-11-23T17:00:00Z') }), settings))).toBe(
      'class_started',
    );
    expect(refusalOf(() => decideClassBooking(facts({ now: at('2026-11-16T16:59:00Z') }), settings))).toBe(
      'booking_not_open_yet',
    );
    const other = { startsAt: at('2026-11-23T17:30:00Z'), endsAt: at('2026-11-23T18:15:00Z') };
    expect(refusalOf(() => decideClassBooking(facts({ upcoming: [other] }), settings))).toBe(
      'overlapping_booking',
    );
    const five = Array.from({ length: 5 }, (_, i) => ({
      startsAt: at(`2026-11-2${4 + i}T08:00:00Z`),
      endsAt: at(`2026-11-2${4 + i}T09:00:00Z`),
    }));
    expect(refusalOf(() => decideClassBooking(facts({ upcoming: five }), settings))).toBe(
      'max_bookings_reached',
    );
  });

  it('names the state, late cancellations and attendance', () => {
    expect(classSessionState(session, 0, at('2026-11-10T10:00:00Z'), settings)).toBe('not_yet_bookable');
    expect(classSessionState(session, 1, at('2026-11-22T10:00:00Z'), settings)).toBe('open');
    expect(classSessionState(session, 3, at('2026-11-22T10:00:00Z'), settings)).toBe('full');
    expect(classSessionState(session, 3, at('2026-11-23T16:45:00Z'), settings)).toBe('closed');
    expect(classSessionState(session, 0, at('2026-11-23T17:00:00Z'), settings)).toBe('closed');
    expect(isLateCancellation(session, at('2026-11-23T14:59:00Z'), settings)).toBe(false);
    expect(isLateCancellation(session, at('2026-11-23T15:01:00Z'), settings)).toBe(true);
    expect(attendsSession(at('2026-11-23T16:30:00Z'), session)).toBe(true);
    expect(attendsSession(at('2026-11-23T16:29:00Z'), session)).toBe(false);
    expect(attendsSession(at('2026-11-23T17:45:00Z'), session)).toBe(false);
  });

  it('shows the menu item only where the operator offers classes', () => {
    expect(menuItems('active', true, true).slice(0, 2)).toEqual(['home', 'classes']);
    expect(menuItems('active', true)).not.toContain('classes');
    expect(getOperator('ch').classes).toBeNull();
    expect(['de', 'at', 'no', 'fi'].every((op) => getOperator(op as 'de').classes !== null)).toBe(true);
  });
});
