import { type IsoDate, todayIn } from './dates.ts';

/** A calendar month; `month` is 1 to 12. */
export interface YearMonth {
  year: number;
  month: number;
}

/** One month of GET /v2/workouts: its count and the year's count up to and including it. */
export interface WorkoutMonthCount extends YearMonth {
  count: number;
  ytd: number;
}

/** The months the workout counter may show, both inclusive. */
export interface MonthBounds {
  first: YearMonth;
  last: YearMonth;
}

const index = (m: YearMonth) => m.year * 12 + (m.month - 1);
const fromIndex = (i: number): YearMonth => ({ year: Math.floor(i / 12), month: (i % 12) + 1 });

export function yearMonthOf(date: IsoDate): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function compareYearMonth(a: YearMonth, b: YearMonth): number {
  return index(a) - index(b);
}

export function addYearMonths(m: YearMonth, months: number): YearMonth {
  return fromIndex(index(m) + months);
}

/**
 * The counter goes no later than the current month nor earlier than the first month
 * with workouts. Without any (or with data only after today, e.g. a clock change) both ends
 * are the current month.
 */
export function workoutMonthBounds(months: readonly WorkoutMonthCount[], today: IsoDate): MonthBounds {
  const last = yearMonthOf(today);
  const withData = months.filter((m) => m.count > 0).map(index);
  const first = withData.length > 0 ? Math.min(index(last), ...withData) : index(last);
  return { first: fromIndex(first), last };
}

export function clampYearMonth(m: YearMonth, bounds: MonthBounds): YearMonth {
  return fromIndex(Math.min(index(bounds.last), Math.max(index(bounds.first), index(m))));
}

export function canGoToPreviousMonth(m: YearMonth, bounds: MonthBounds): boolean {
  return index(m) > index(bounds.first);
}

export function canGoToNextMonth(m: YearMonth, bounds: MonthBounds): boolean {
  return index(m) < index(bounds.last);
}

/**
 * A month's count and the year's count up to it. The answer lists only months with
 * workouts, so a month without an entry counts zero and carries the year's total so far.
 */
export function workoutsInMonth(
  months: readonly WorkoutMonthCount[],
  m: YearMonth,
): { count: number; ytd: number } {
  let count = 0;
  let ytd = 0;
  let latest = -1;
  for (const entry of months) {
    if (entry.year !== m.year || entry.month > m.month || entry.month <= latest) continue;
    latest = entry.month;
    ytd = entry.ytd;
    count = entry.month === m.month ? entry.count : 0;
  }
  return { count, ytd };
}

/** The twelve monthly counts of a year, January first; months without an entry are zero. */
export function workoutsByMonth(months: readonly WorkoutMonthCount[], year: number): number[] {
  const counts = new Array<number>(12).fill(0);
  for (const entry of months) if (entry.year === year) counts[entry.month - 1] = entry.count;
  return counts;
}

/**
 * GET /v2/workouts from a member's check-in instants: every check-in up to `now` counts,
 * in the calendar month of the operator's timezone it happened in; the months run from
 * the first with one to the current month (those between count 0), each with the year's
 * count up to it, and the total. The server counts the same rule in SQL
 * (workouts/repository.ts workoutMonths, so the rows are never loaded); this function
 * states it for the tests.
 */
export function countWorkouts(
  instants: readonly Date[],
  timezone: string,
  now: Date,
): { total: number; months: WorkoutMonthCount[] } {
  const counts = new Map<number, number>();
  for (const at of instants) {
    if (at.getTime() > now.getTime()) continue;
    const i = index(yearMonthOf(todayIn(timezone, at)));
    counts.set(i, (counts.get(i) ?? 0) + 1);
  }
  if (counts.size === 0) return { total: 0, months: [] };
  const months: WorkoutMonthCount[] = [];
  let total = 0;
  let ytd = 0;
  for (let i = Math.min(...counts.keys()); i <= index(yearMonthOf(todayIn(timezone, now))); i++) {
    const m = fromIndex(i);
    if (m.month === 1) ytd = 0;
    const count = counts.get(i) ?? 0;
    ytd += count;
    total += count;
    months.push({ ...m, count, ytd });
  }
  return { total, months };
}
