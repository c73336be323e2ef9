import { ICalCalendar } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { PostalAddress } from '../../db/schema.ts';

// The member's bookings as an iCalendar file (RFC 5545), written by ical-generator with the
// club's timezone from timezones-ical-library (ADR 044): both are plain JavaScript, so the
// demo runs this in the browser as the server does.

export interface CalendarBooking {
  sessionId: string;
  className: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  room: string;
  instructor: string;
  club: { name: string; address: PostalAddress };
}

/**
 * ical-generator writes a Date's UTC fields as the wall-clock time of the event's zone, so
 * each instant becomes the Date whose UTC fields are its wall-clock time in `timezone`.
 */
function wallClock(at: Date, timezone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')));
}

const addressLine = (club: CalendarBooking['club']) =>
  `${club.name}, ${club.address.street}, ${club.address.postal_code} ${club.address.postal_location}`;

/** One VEVENT per booking; its UID is the session's, so a calendar updates rather than duplicates. */
export function bookingsCalendar(
  bookings: readonly CalendarBooking[],
  options: { brand: string; timezone: string; host: string; now: Date },
): string {
  const calendar = new ICalCalendar({
    prodId: { company: options.brand, product: 'Classes', language: 'EN' },
    name: options.brand,
  });
  calendar.timezone({ name: options.timezone, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null });
  for (const b of bookings) {
    calendar.createEvent({
      id: `class-${b.sessionId}@${options.host}`,
      start: wallClock(b.startsAt, options.timezone),
      end: wallClock(b.endsAt, options.timezone),
      timezone: options.timezone,
      stamp: wallClock(options.now, options.timezone),
      summary: b.className,
      description: [b.description, `${b.room} · ${b.instructor}`].filter(Boolean).join('\n'),
      location: addressLine(b.club),
    });
  }
  return calendar.toString();
}
