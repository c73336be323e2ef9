import { describe, expect, it } from 'vitest';
import {
  addYearMonths,
  canGoToNextMonth,
  canGoToPreviousMonth,
  clampYearMonth,
  type WorkoutMonthCount,
  workoutMonthBounds,
  workoutsByMonth,
  workoutsInMonth,
} from '../src/workoutMonths.ts';

const month = (year: number, m: number, count: number, ytd: number): WorkoutMonthCount => ({
  year,
  month: m,
  count,
  ytd,
});

// A year across the turn of the year, with a gap in February 2026.
const MONTHS = [
  month(2025, 10, 8, 8),
  month(2025, 11, 12, 20),
  month(2025, 12, 5, 25),
  month(2026, 1, 10, 10),
  month(2026, 3, 7, 17),
];

describe('workout month navigation', () => {
  it('goes from the first month with workouts to the current month', () => {
    const bounds = workoutMonthBounds(MONTHS, '2026-03-15');
    expect(bounds).toEqual({ first: { year: 2025, month: 10 }, last: { year: 2026, month: 3 } });
    expect(canGoToPreviousMonth({ year: 2025, month: 10 }, bounds)).toBe(false);
    expect(canGoToPreviousMonth({ year: 2025, month: 11 }, bounds)).toBe(true);
    expect(canGoToNextMonth({ year: 2026, month: 3 }, bounds)).toBe(false);
    expect(canGoToNextMonth({ year: 2026, month: 2 }, bounds)).toBe(true);
  });

  it('ignores months without workouts when finding the first one', () => {
    const bounds = workoutMonthBounds([month(2025, 8, 0, 0), ...MONTHS], '2026-03-15');
    expect(bounds.first).toEqual({ year: 2025, month: 10 });
  });

  it('stays on the current month without workouts, or with counts dated after today', () => {
    const current = { year: 2026, month: 3 };
    expect(workoutMonthBounds([], '2026-03-31')).toEqual({ first: current, last: current });
    expect(workoutMonthBounds([month(2026, 5, 3, 3)], '2026-03-01')).toEqual({
      first: current,
      last: current,
    });
    const bounds = workoutMonthBounds([], '2026-03-31');
    expect(canGoToPreviousMonth(current, bounds)).toBe(false);
    expect(canGoToNextMonth(current, bounds)).toBe(false);
  });

  it('steps across the turn of the year and clamps to the bounds', () => {
    expect(addYearMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addYearMonths({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(addYearMonths({ year: 2026, month: 3 }, -15)).toEqual({ year: 2024, month: 12 });
    const bounds = workoutMonthBounds(MONTHS, '2026-03-15');
    expect(clampYearMonth({ year: 2026, month: 9 }, bounds)).toEqual({ year: 2026, month: 3 });
    expect(clampYearMonth({ year: 2024, month: 2 }, bounds)).toEqual({ year: 2025, month: 10 });
    expect(clampYearMonth({ year: 2026, month: 1 }, bounds)).toEqual({ year: 2026, month: 1 });
  });
});

describe('workouts of a month and of the year so far', () => {
  it("takes a listed month's count and ytd", () => {
    expect(workoutsInMonth(MONTHS, { year: 2025, month: 12 })).toEqual({ count: 5, ytd: 25 });
    expect(workoutsInMonth(MONTHS, { year: 2026, month: 3 })).toEqual({ count: 7, ytd: 17 });
  });

  it("counts a month without an entry as zero and carries the year's total so far", () => {
    expect(workoutsInMonth(MONTHS, { year: 2026, month: 2 })).toEqual({ count: 0, ytd: 10 });
    expect(workoutsInMonth(MONTHS, { year: 2026, month: 4 })).toEqual({ count: 0, ytd: 17 });
    // A new year starts from zero, whatever the last year ended on.
    expect(workoutsInMonth(MONTHS, { year: 2025, month: 9 })).toEqual({ count: 0, ytd: 0 });
    expect(workoutsInMonth([], { year: 2026, month: 3 })).toEqual({ count: 0, ytd: 0 });
  });

  it('does not depend on the order of the answer', () => {
    const shuffled = [MONTHS[4]!, MONTHS[0]!, MONTHS[3]!, MONTHS[2]!, MONTHS[1]!];
    expect(workoutsInMonth(shuffled, { year: 2026, month: 2 })).toEqual({ count: 0, ytd: 10 });
    expect(workoutsInMonth(shuffled, { year: 2025, month: 11 })).toEqual({ count: 12, ytd: 20 });
  });

  it('lists the twelve months of a year, January first', () => {
    expect(workoutsByMonth(MONTHS, 2026)).toEqual([10, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(workoutsByMonth(MONTHS, 2025)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 12, 5]);
    expect(workoutsByMonth(MONTHS, 2024)).toEqual(new Array(12).fill(0));
  });
});
