import { z } from 'zod/mini';
import { IsoDateTime } from './common.ts';

/*
 * Group classes (docs/classes.md): the timetable of the member's operator's open clubs, a
 * booking or a place on the waitlist, and the member's bookings as a calendar file.
 */

export const ClassIntensity = z.enum(['low', 'medium', 'high']);
export type ClassIntensity = z.infer<typeof ClassIntensity>;

/** Bookable: places left; full: only the waitlist; not yet or no longer bookable. */
export const ClassSessionState = z.enum(['open', 'full', 'not_yet_bookable', 'closed']);
export type ClassSessionState = z.infer<typeof ClassSessionState>;

export const MyClassBooking = z.object({
  status: z.enum(['booked', 'waitlisted']),
  /** Place on the waitlist (1 = next to get a place); null while booked. */
  position: z.nullable(z.int().check(z.positive())),
});
export type MyClassBooking = z.infer<typeof MyClassBooking>;

export const ClassSession = z.object({
  id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  description: z.string(),
  intensity: ClassIntensity,
  starts_at: IsoDateTime,
  ends_at: IsoDateTime,
  location_id: z.string(),
  /** The club's name, so the timetable needs no second call. */
  location_name: z.string(),
  room: z.string(),
  instructor: z.string(),
  capacity: z.int().check(z.nonnegative()),
  booked: z.int().check(z.nonnegative()),
  waitlisted: z.int().check(z.nonnegative()),
  bookable_from: IsoDateTime,
  state: ClassSessionState,
  my_booking: z.nullable(MyClassBooking),
});
export type ClassSession = z.infer<typeof ClassSession>;

/** The operator's booking rules, so the portal can say them before the member confirms. */
export const ClassPolicy = z.object({
  booking_opens_days_ahead: z.int().check(z.positive()),
  max_future_bookings: z.int().check(z.positive()),
  /** A cancellation less than this many minutes before the start is recorded as late. */
  late_cancellation_minutes: z.int().check(z.nonnegative()),
  /** The waitlist takes no one this many minutes before the start. */
  waitlist_closes_minutes: z.int().check(z.nonnegative()),
  /** What a late cancellation costs, in minor units; null: nothing. */
  late_cancellation_fee: z.nullable(z.object({ amount: z.int(), currency: z.string() })),
});
export type ClassPolicy = z.infer<typeof ClassPolicy>;

export const ClassTimetable = z.object({
  policy: ClassPolicy,
  sessions: z.array(ClassSession),
});
export type ClassTimetable = z.infer<typeof ClassTimetable>;

/** At most 14 days; absent: from now for the next 14 days. */
export const ClassTimetableQuery = z.strictObject({
  location_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  from: z.optional(IsoDateTime),
  to: z.optional(IsoDateTime),
});
export type ClassTimetableQuery = z.infer<typeof ClassTimetableQuery>;

export const ClassSessionParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const ClassBookingResult = z.object({
  status: z.enum(['booked', 'waitlisted']),
  position: z.nullable(z.int().check(z.positive())),
});
export type ClassBookingResult = z.infer<typeof ClassBookingResult>;

/** One booking's file ("add to calendar"), or all future bookings without it. */
export const ClassCalendarQuery = z.strictObject({
  session_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type ClassCalendarQuery = z.infer<typeof ClassCalendarQuery>;

/** The member's future bookings as an iCalendar file (RFC 5545). */
export const ClassCalendar = z.string();

/** The refusals of a booking (422, docs/classes.md). */
export const CLASS_BOOKING_REFUSALS = [
  'booking_not_open_yet',
  'class_started',
  'overlapping_booking',
  'max_bookings_reached',
  'membership_status_not_allowed',
  'waitlist_closed',
] as const;
export type ClassBookingRefusal = (typeof CLASS_BOOKING_REFUSALS)[number];
