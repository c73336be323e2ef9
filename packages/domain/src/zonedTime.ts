import type { IsoDate } from './dates.ts';

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the timezone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timezone: string): number {
  let format = offsetFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timezone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant of a wall-clock time (HH:MM) on a day in a timezone. */
export function zonedInstant(date: IsoDate, time: string, timezone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Twice: the offset at the first guess may differ from the one at the result (DST change).
  let ms = wall - offsetAt(wall, timezone);
  ms = wall - offsetAt(ms, timezone);
  return new Date(ms);
}
