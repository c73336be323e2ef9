/**
 * Calendar dates as ISO strings (`YYYY-MM-DD`). Membership rules speak in calendar days
 * and month ends in the operator's timezone, so we never carry a time of day around.
 * Arithmetic goes through Date.UTC, which has no daylight-saving gaps.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: IsoDate): [number, number, number] {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not an ISO date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function fromUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  return fromUtc(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) === value;
}

// Building a formatter costs far more than formatting, and formatting far more than a
// lookup: one formatter per timezone, and per timezone the dates of the minutes asked (the
// operators' timezones move by whole minutes, so a date holds for a whole minute). Requests
// ask for today's and for their member's signup's (the withdrawal period): both stay cached,
// up to MAX_CACHED_MINUTES per timezone, then the cache starts again.
const MAX_CACHED_MINUTES = 4096;
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; days: Map<number, IsoDate> }>();

/** Today's date in a timezone, from one reading of the clock (or the date of any instant). */
export function todayIn(timezone: string, now: Date): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  let cached = dayFormats.get(timezone);
  if (!cached) {
    // en-CA formats as YYYY-MM-DD.
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    cached = { format, days: new Map() };
    dayFormats.set(timezone, cached);
  }
  let day = cached.days.get(minute);
  if (day === undefined) {
    day = cached.format.format(now);
    if (cached.days.size >= MAX_CACHED_MINUTES) cached.days.clear();
    cached.days.set(minute, day);
  }
  return day;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = parts(date);
  return fromUtc(Date.UTC(y, m - 1, d + days));
}

/** Adds months, clamping to the last day of the target month (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = parts(date);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(y, m - 1 + months, Math.min(d, last)));
}

export function startOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: IsoDate): IsoDate {
  const [y, m] = parts(date);
  return fromUtc(Date.UTC(y, m, 0));
}

export function firstOfNextMonth(date: IsoDate): IsoDate {
  return addMonths(startOfMonth(date), 1);
}

export function isFirstOfMonth(date: IsoDate): boolean {
  return parts(date)[2] === 1;
}

export function isEndOfMonth(date: IsoDate): boolean {
  return endOfMonth(date) === date;
}

export function yearOf(date: IsoDate): number {
  return parts(date)[0];
}

/** Whole calendar months touched from `from`'s month to `to`'s month, inclusive. */
export function monthsBetweenInclusive(from: IsoDate, to: IsoDate): number {
  const [y1, m1] = parts(from);
  const [y2, m2] = parts(to);
  return (y2 - y1) * 12 + (m2 - m1) + 1;
}

export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return a > b ? a : b;
}

export function minDate(a: IsoDate, b: IsoDate): IsoDate {
  return a < b ? a : b;
}

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
