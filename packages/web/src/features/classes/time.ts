import type { ClassSession } from '@portal/contract';
import { addDays, type IsoDate, todayIn } from '@portal/domain';

// Dates of the timetable in the club's timezone (the operator's), in the member's language.

/** The calendar day of an instant in `timeZone`. */
export const dayOf = (iso: string, timeZone: string): IsoDate => todayIn(timeZone, new Date(iso));

/** Monday of the week of `date`. */
export function mondayOf(date: IsoDate): IsoDate {
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** This week from today and all of next week: the days the timetable offers. */
export function timetableWeeks(today: IsoDate): { thisWeek: IsoDate[]; nextWeek: IsoDate[] } {
  const nextMonday = addDays(mondayOf(today), 7);
  const thisWeek: IsoDate[] = [];
  for (let d = today; d < nextMonday; d = addDays(d, 1)) thisWeek.push(d);
  const nextWeek = Array.from({ length: 7 }, (_, i) => addDays(nextMonday, i));
  return { thisWeek, nextWeek };
}

export function formatTime(iso: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/** "Mon 23" on a day button. */
export function formatDayShort(day: IsoDate, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** "Monday, 23 November" as a heading. */
export function formatDayLong(day: IsoDate, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** "Mon 23 Nov, 18:30". */
export function formatWhen(iso: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

export const minutesOf = (s: Pick<ClassSession, 'starts_at' | 'ends_at'>) =>
  Math.round((new Date(s.ends_at).getTime() - new Date(s.starts_at).getTime()) / 60_000);
