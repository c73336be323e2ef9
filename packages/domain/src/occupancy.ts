import type { OccupancyLevel } from '@portal/contract';

/** How long a check-in counts as a member in the club when the club sets no visit length. */
export const DEFAULT_VISIT_MINUTES = 90;

/** A club's capacity when its data names none (docs/access-and-pins.md, "How busy a club is"). */
export const DEFAULT_CLUB_CAPACITY = 100;

/** How many weeks of the same weekday the typical day is read from. */
export const TYPICAL_WEEKS = 8;

/** Quiet below 30 % of the capacity, busy from 70 %, normal between. */
export function occupancyLevel(present: number, capacity: number): OccupancyLevel {
  const share = present / capacity;
  if (share < 0.3) return 'quiet';
  if (share < 0.7) return 'normal';
  return 'busy';
}

/**
 * The usual level per hour from the check-ins counted in each hour of the same weekday over
 * `weeks` weeks: the members present in an hour are about the hour's check-ins times the
 * visit length in hours, averaged over the weeks.
 */
export function typicalLevels(
  counts: readonly { hour: number; count: number }[],
  weeks: number,
  visitMinutes: number,
  capacity: number,
): { hour: number; level: OccupancyLevel }[] {
  return [...counts]
    .sort((a, b) => a.hour - b.hour)
    .map(({ hour, count }) => ({
      hour,
      level: occupancyLevel((count / weeks) * (visitMinutes / 60), capacity),
    }));
}
