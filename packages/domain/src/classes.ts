import {
  type ClassBookingRefusal,
  type ClassSessionState,
  type MembershipStatus,
  ruleViolation,
} from '@portal/contract';
import type { ClassSettings } from './operators/types.ts';

// The rules of group class bookings (docs/classes.md, ADR 044); the server applies them
// under the session's lock, the portal reads their outcome.

/** Statuses whose members may book: those with access to the clubs. */
export const CLASS_BOOKING_STATUSES: readonly MembershipStatus[] = ['active', 'in_trial', 'in_cancellation'];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface SessionTimes {
  startsAt: Date;
  endsAt: Date;
  capacity: number;
}

/** When a session opens for booking. */
export const bookableFrom = (session: { startsAt: Date }, settings: ClassSettings) =>
  new Date(session.startsAt.getTime() - settings.bookingOpensDaysAhead * DAY);

/** Whether the waitlist still takes members and places still go to it. */
export const waitlistOpen = (session: { startsAt: Date }, now: Date, settings: ClassSettings) =>
  now.getTime() < session.startsAt.getTime() - settings.waitlistClosesMinutes * MINUTE;

/** A cancellation inside the operator's window before the start is recorded as late. */
export const isLateCancellation = (session: { startsAt: Date }, now: Date, settings: ClassSettings) =>
  now.getTime() > session.startsAt.getTime() - settings.lateCancellationMinutes * MINUTE;

/** What the timetable says of a session. */
export function classSessionState(
  session: SessionTimes,
  booked: number,
  now: Date,
  settings: ClassSettings,
): ClassSessionState {
  if (now >= session.startsAt) return 'closed';
  if (now < bookableFrom(session, settings)) return 'not_yet_bookable';
  if (booked < session.capacity) return 'open';
  return waitlistOpen(session, now, settings) ? 'full' : 'closed';
}

export const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) =>
  a.startsAt < b.endsAt && b.startsAt < a.endsAt;

export interface BookingFacts {
  status: MembershipStatus;
  session: SessionTimes;
  now: Date;
  /** Places taken now, under the session's lock. */
  booked: number;
  /** The member's booked or waitlisted sessions still to come (this one excluded). */
  upcoming: readonly { startsAt: Date; endsAt: Date }[];
}

const MESSAGES: Record<ClassBookingRefusal, string> = {
  membership_status_not_allowed: 'Your membership does not allow booking classes right now.',
  class_started: 'This class has already started.',
  booking_not_open_yet: 'Booking for this class has not opened yet.',
  overlapping_booking: 'You already have a class at this time.',
  max_bookings_reached: 'You have booked as many upcoming classes as you can.',
  waitlist_closed: 'This class is full and its waitlist has closed.',
};

export const classRefusal = (type: ClassBookingRefusal, context?: Record<string, unknown>) =>
  ruleViolation(type, MESSAGES[type], context);

/**
 * Whether a member gets a place or a place on the waitlist, or which rule refuses them
 * (throws the 422), checked in this order: status, started, not open yet, overlap, the
 * number of future bookings, then a place or the waitlist.
 */
export function decideClassBooking(facts: BookingFacts, settings: ClassSettings): 'booked' | 'waitlisted' {
  const { session, now } = facts;
  if (!CLASS_BOOKING_STATUSES.includes(facts.status))
    throw classRefusal('membership_status_not_allowed', { status: facts.status });
  if (now >= session.startsAt) throw classRefusal('class_started');
  const opens = bookableFrom(session, settings);
  if (now < opens) throw classRefusal('booking_not_open_yet', { bookable_from: opens.toISOString() });
  if (facts.upcoming.some((other) => overlaps(other, session))) throw classRefusal('overlapping_booking');
  if (facts.upcoming.length >= settings.maxFutureBookings)
    throw classRefusal('max_bookings_reached', { max: settings.maxFutureBookings });
  if (facts.booked < session.capacity) return 'booked';
  if (!waitlistOpen(session, now, settings)) throw classRefusal('waitlist_closed');
  return 'waitlisted';
}

/** A door check-in this long before a session's start up to its end marks a booking attended. */
export const ATTENDANCE_EARLY_MINUTES = 30;

export const attendsSession = (at: Date, session: { startsAt: Date; endsAt: Date }) =>
  at.getTime() >= session.startsAt.getTime() - ATTENDANCE_EARLY_MINUTES * MINUTE && at < session.endsAt;

/** The reminder goes out once, this many hours before a booked session. */
export const REMINDER_HOURS_BEFORE = 3;
