import { describe, expect, it } from 'vitest';
import { groupWeek, isoWeekday, rangesOn, timeText, weekdayName } from './weeklyHours.ts';

const weekdays = { days: [1, 2, 3, 4, 5], opens: '08:00', closes: '20:00' };
const saturday = { days: [6], opens: '10:00', closes: '16:00' };

describe('opening hours', () => {
  it('groups consecutive days with the same hours, closed days too', () => {
    expect(groupWeek([weekdays, saturday])).toEqual([
      { from: 1, to: 5, ranges: [{ opens: '08:00', closes: '20:00' }] },
      { from: 6, to: 6, ranges: [{ opens: '10:00', closes: '16:00' }] },
      { from: 7, to: 7, ranges: [] },
    ]);
    expect(groupWeek([])).toEqual([{ from: 1, to: 7, ranges: [] }]);
  });

  it('lists split hours of a day earliest first', () => {
    const split = [
      { days: [3], opens: '16:00', closes: '21:00' },
      { days: [3], opens: '07:00', closes: '11:00' },
    ];
    expect(rangesOn(split, 3).map((r) => r.opens)).toEqual(['07:00', '16:00']);
    expect(rangesOn(split, 4)).toEqual([]);
  });

  it("writes times and weekdays as the member's locale does", () => {
    expect(timeText('06:30', 'de-DE')).toBe('06:30');
    expect(timeText('18:00', 'fi-FI')).toBe('18.00');
    expect(timeText('24:00', 'nb-NO')).toBe('24:00');
    expect(timeText('24:00', 'fi-FI')).toBe('24.00');
    expect(weekdayName(1, 'de-DE')).toBe('Montag');
    expect(weekdayName(7, 'fr-CH')).toBe('Dimanche');
    expect(weekdayName(3, 'fi-FI')).toBe('Keskiviikko');
  });

  it('knows the weekday of a date', () => {
    expect(isoWeekday('2026-03-16')).toBe(1);
    expect(isoWeekday('2026-03-22')).toBe(7);
  });
});
