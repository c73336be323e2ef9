import { describe, expect, it } from 'vitest';
import { countWorkouts } from '../src/workoutMonths.ts';

const at = (iso: string) => new Date(iso);

describe('countWorkouts', () => {
  it('counts each check-in in its month of the operator’s timezone, up to now, with zero months between', () => {
    const { total, months } = countWorkouts(
      [
        at('2025-11-30T23:30:00Z'), // 1 December in Helsinki
        at('2025-12-10T08:00:00Z'),
        at('2026-02-01T08:00:00Z'),
        at('2026-02-20T08:00:00Z'),
        at('2026-03-05T12:00:00Z'), // after now: not counted
      ],
      'Europe/Helsinki',
      at('2026-03-05T10:00:00Z'),
    );
    expect(total).toBe(4);
    expect(months).toEqual([
      { year: 2025, month: 12, count: 2, ytd: 2 },
      { year: 2026, month: 1, count: 0, ytd: 0 },
      { year: 2026, month: 2, count: 2, ytd: 2 },
      { year: 2026, month: 3, count: 0, ytd: 2 },
    ]);
  });

  it('answers no months without a check-in up to now', () => {
    expect(countWorkouts([at('2026-04-01T00:00:00Z')], 'Europe/Berlin', at('2026-03-01T00:00:00Z'))).toEqual({
      total: 0,
      months: [],
    });
  });
});
