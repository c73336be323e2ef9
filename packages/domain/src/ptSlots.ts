import type { WeeklyHours } from '@portal/contract';
import { clubAvailability } from './club.ts';
import { addDays, type IsoDate, zonedInstant } from './dates.ts';

/*
 * The PT provider's sessions (the sandbox's, docs/personal-training.md): which hours a club
 * offers, as instants in the operator's timezone, for the server's sandbox (which the demo
 * runs too).
 */

/** Days the member may train, so the provider offers no session they could not attend. */
export interface BookingWindow {
  /** Last day (operator's timezone), or null: no end (a running membership). */
  until: IsoDate | null;
  /** Freezes (first and last day) during which the member does not train. */
  frozen: { from: IsoDate; to: IsoDate }[];
}

/** A session is an hour, starting on the hour. */
export const SESSION_MINUTES = 60;
/** Sessions are offered from tomorrow for this many days. */
export const BOOKING_DAYS = 14;
/** A booking can be cancelled (and its session comes back) until this long before it starts. */
export const CANCEL_HOURS = 24;

/** ISO weekday of a date, 1 (Monday) to 7 (Sunday), as WeeklyHours counts. */
export function weekdayOf(date: IsoDate): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

const minutes = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const hhmm = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

export interface SlotClub {
  openingDate: IsoDate | null;
  closingDate: IsoDate | null;
  staffedHours: WeeklyHours;
  /** Days the club is closed (renovation, holidays). */
  closures: { from: IsoDate; to: IsoDate }[];
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The sessions the club offers the member, whatever is booked: from tomorrow for
 * BOOKING_DAYS days, hourly within the club's staffed hours in the operator's timezone,
 * on days the club is open and the member's booking window allows.
 */
export function offeredSlots(
  club: SlotClub,
  window: BookingWindow,
  today: IsoDate,
  timezone: string,
): Slot[] {
  const slots: Slot[] = [];
  for (let n = 1; n <= BOOKING_DAYS; n++) {
    const day = addDays(today, n);
    if (window.until !== null && day > window.until) break;
    if (window.frozen.some((f) => f.from <= day && day <= f.to)) continue;
    if (clubAvailability({ opening_date: club.openingDate, closing_date: club.closingDate }, day) !== 'open')
      continue;
    if (club.closures.some((c) => c.from <= day && day <= c.to)) continue;
    const weekday = weekdayOf(day);
    const starts = new Set<number>();
    for (const hours of club.staffedHours) {
      if (!hours.days.includes(weekday)) continue;
      const close = minutes(hours.closes);
      for (
        let start = Math.ceil(minutes(hours.opens) / 60) * 60;
        start + SESSION_MINUTES <= close;
        start += 60
      ) {
        starts.add(start);
      }
    }
    for (const start of [...starts].sort((a, b) => a - b)) {
      const startsAt = zonedInstant(day, hhmm(start), timezone);
      slots.push({ startsAt, endsAt: new Date(startsAt.getTime() + SESSION_MINUTES * 60_000) });
    }
  }
  return slots;
}
