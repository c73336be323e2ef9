import type { WeeklyHours } from '@portal/contract';
import { capitalize, dateTimeFormat } from './format.ts';

/** 1 (Monday) to 7 (Sunday), as the contract numbers them. */
export const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

export interface TimeRange {
  opens: string;
  closes: string;
}

/** The ranges of one weekday, earliest first; none when closed. */
export function rangesOn(hours: WeeklyHours, day: number): TimeRange[] {
  return hours
    .filter((entry) => entry.days.includes(day))
    .map(({ opens, closes }) => ({ opens, closes }))
    .sort((a, b) => a.opens.localeCompare(b.opens));
}

/** Runs of consecutive weekdays with the same hours, e.g. Monday to Friday 08:00–18:00. */
export function groupWeek(hours: WeeklyHours): { from: number; to: number; ranges: TimeRange[] }[] {
  const groups: { from: number; to: number; ranges: TimeRange[] }[] = [];
  for (const day of WEEK) {
    const ranges = rangesOn(hours, day);
    const last = groups.at(-1);
    if (last && JSON.stringify(last.ranges) === JSON.stringify(ranges)) last.to = day;
    else groups.push({ from: day, to: day, ranges });
  }
  return groups;
}

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekday(isoDate: string): number {
  const day = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** A weekday's name in the member's locale, as a label of its own; 2024-01-01 was a Monday. */
export function weekdayName(day: number, locale: string, width: 'long' | 'short' = 'long'): string {
  const name = dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day, 12)),
  );
  return capitalize(name, locale);
}

/** "HH:MM" as the locale writes a time (18:00, 18.00); midnight at the end of a day stays 24:00. */
export function timeText(hhmm: string, locale: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  if (h === 24) return timeText(`00:${String(m).padStart(2, '0')}`, locale).replace(/^0?0/, '24');
  return dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1, h ?? 0, m ?? 0)),
  );
}

/** Whether a range is the whole day. */
export function isAllDay(range: TimeRange): boolean {
  return range.opens === '00:00' && (range.closes === '24:00' || range.closes === '23:59');
}
