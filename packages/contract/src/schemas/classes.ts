import { z } from 'zod';
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
  position: z.number().int().positive().nullable(),
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
  capacity: z.number().int().nonnegative(),
  booked: z.number().int().nonnegative(),
  waitlisted: z.number().int().nonnegative(),
  bookable_from: IsoDateTime,
  state: ClassSessionState,
  my_booking: MyClassBooking.nullable(),
});
export type ClassSession = z.infer<typeof ClassSession>;

/** The operator's booking rules, so the portal can say them before the member confirms. */
export const ClassPolicy = z.object({
  booking_opens_days_ahead: z.number().int().positive(),
  max_future_bookings: z.number().int().positive(),
  /** A cancellation less than this many minutes before the start is recorded as late. */
  late_cancellation_minutes: z.number().int().nonnegative(),
  /** The waitlist takes no one this many minutes before the start. */
  waitlist_closes_minutes: z.number().int().nonnegative(),
  /** What a late cancellation costs, in minor units; null: nothing. */
  late_cancellation_fee: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
});
export type ClassPolicy = z.infer<typeof ClassPolicy>;

export const ClassTimetable = z.object({
  policy: ClassPolicy,
  sessions: z.array(ClassSession),
});
export type ClassTimetable = z.infer<typeof ClassTimetable>;

/** At most 14 days; absent: from now for the next 14 days. */
export const ClassTimetableQuery = z
  .object({
    location_id: z.string().min(1).max(64).optional(),
    from: IsoDateTime.optional(),
    to: IsoDateTime.optional(),
  })
  .strict();
export type ClassTimetableQuery = z.infer<typeof ClassTimetableQuery>;

export const ClassSessionParams = z.object({ id: z.string().min(1).max(64) });

export const ClassBookingResult = z.object({
  status: z.enum(['booked', 'waitlisted']),
  position: z.number().int().positive().nullable(),
});
export type ClassBookingResult = z.infer<typeof ClassBookingResult>;

/** One booking's file ("add to calendar"), or all future bookings without it. */
export const ClassCalendarQuery = z.object({ session_id: z.string().min(1).max(64).optional() }).strict();
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
