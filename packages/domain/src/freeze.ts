import type { MembershipStatus } from '@portal/contract';
import {
  addDays,
  addMonths,
  endOfMonth,
  firstOfNextMonth,
  isEndOfMonth,
  isFirstOfMonth,
  type IsoDate,
  monthsBetweenInclusive,
  yearOf,
} from './dates.ts';
import type { OperatorSettings } from './operators/types.ts';
import {
  currentFreeze,
  effectiveFreezeEnd,
  type FreezeFact,
  type MembershipFacts,
  scheduledFreeze,
} from './status.ts';

/** Statuses in which a member may ask for a freeze (the policy's required statuses). */
export const FREEZE_REQUIRED_STATUSES: readonly MembershipStatus[] = ['active'];

/** How far ahead a freeze may begin: the first of each of the next 12 months. */
export const FREEZE_HORIZON_MONTHS = 12;

export interface RuleError {
  type: string;
  context?: Record<string, unknown>;
}

/** Calendar months of a freeze that fall in a year (a freeze covers whole months). */
export function freezeMonthsInYear(freeze: FreezeFact, year: number): number {
  const end = effectiveFreezeEnd(freeze);
  if (end === null) return 0;
  const from = freeze.begin_date > `${year}-01-01` ? freeze.begin_date : `${year}-01-01`;
  const to = end < `${year}-12-31` ? end : `${year}-12-31`;
  if (from > to) return 0;
  return monthsBetweenInclusive(from, to);
}

export function usedFreezeMonths(freezes: readonly FreezeFact[], year: number, exceptId?: string): number {
  return freezes.filter((f) => f.id !== exceptId).reduce((sum, f) => sum + freezeMonthsInYear(f, year), 0);
}

export function canFreeze(status: MembershipStatus): boolean {
  return FREEZE_REQUIRED_STATUSES.includes(status) || status === 'in_freeze';
}

/** The earliest first-of-month a request made today may start on. */
export function earliestFreezeStart(
  operator: Pick<OperatorSettings, 'freezeRequestBeforeFirstOfMonth'>,
  today: IsoDate,
) {
  // On the 1st itself a freeze may still start today, unless the operator wants the
  // request made before the 1st of the month to be frozen.
  if (isFirstOfMonth(today) && !operator.freezeRequestBeforeFirstOfMonth) return today;
  return firstOfNextMonth(today);
}

/**
 * Start dates the form offers: the first of each of the next 12 months;
 * when no months remain this year, the 12 months of next year.
 */
export function freezeStartOptions(
  operator: Pick<OperatorSettings, 'freezeRequestBeforeFirstOfMonth' | 'freezePolicy'>,
  freezes: readonly FreezeFact[],
  today: IsoDate,
): IsoDate[] {
  const max = operator.freezePolicy.maxMonthsPerYear;
  const first =
    usedFreezeMonths(freezes, yearOf(today)) >= max
      ? `${yearOf(today) + 1}-01-01`
      : earliestFreezeStart(operator, today);
  return Array.from({ length: FREEZE_HORIZON_MONTHS }, (_, i) => addMonths(first, i));
}

/** End dates for a begin date: month ends, as long as the yearly maximum allows. */
export function freezeEndOptions(
  operator: Pick<OperatorSettings, 'freezePolicy'>,
  freezes: readonly FreezeFact[],
  begin: IsoDate,
  exceptId?: string,
): IsoDate[] {
  const options: IsoDate[] = [];
  for (let end = endOfMonth(begin); ; end = endOfMonth(addDays(end, 1))) {
    const candidate = { id: '__candidate', begin_date: begin, end_date: end, cancel_date: null };
    if (freezeYearsOverMaximum(operator, freezes, candidate, exceptId).length > 0) break;
    options.push(end);
    if (options.length >= FREEZE_HORIZON_MONTHS) break;
  }
  return options;
}

function freezeYearsOverMaximum(
  operator: Pick<OperatorSettings, 'freezePolicy'>,
  freezes: readonly FreezeFact[],
  candidate: FreezeFact,
  exceptId?: string,
): { year: number; used: number }[] {
  const max = operator.freezePolicy.maxMonthsPerYear;
  const over: { year: number; used: number }[] = [];
  for (let year = yearOf(candidate.begin_date); year <= yearOf(candidate.end_date); year++) {
    const used = usedFreezeMonths(freezes, year, exceptId);
    if (used + freezeMonthsInYear(candidate, year) > max) over.push({ year, used });
  }
  return over;
}

export interface FreezeRequestInput {
  operator: Pick<OperatorSettings, 'freezeRequestBeforeFirstOfMonth' | 'freezePolicy'>;
  facts: MembershipFacts;
  status: MembershipStatus;
  today: IsoDate;
  begin_date: IsoDate;
  end_date: IsoDate;
  /** The freeze being changed, for PATCH. */
  existing?: FreezeFact;
}

/**
 * The server's check of a new or changed freeze. Returns the refusals in the order a
 * member can act on them; an empty list means the request is allowed.
 */
export function checkFreezeRequest(input: FreezeRequestInput): RuleError[] {
  const { operator, facts, status, today, begin_date, end_date, existing } = input;
  if (!canFreeze(status)) return [{ type: 'invalid_status_to_freeze', context: { status } }];

  const errors: RuleError[] = [];
  const started = existing !== undefined && existing.begin_date <= today;
  if (started) {
    // A freeze under way keeps its begin date; only its end can move, not into the past.
    if (begin_date !== existing.begin_date) {
      errors.push({
        type: 'freeze_begin_date_fixed',
        context: { field: 'begin_date', begin_date: existing.begin_date },
      });
    }
    if (end_date < endOfMonth(today)) {
      errors.push({
        type: 'freeze_end_date_in_past',
        context: { field: 'end_date', earliest: endOfMonth(today) },
      });
    }
  } else {
    const earliest = earliestFreezeStart(operator, today);
    if (!isFirstOfMonth(begin_date)) {
      errors.push({ type: 'freeze_begin_not_first_of_month', context: { field: 'begin_date' } });
    } else if (begin_date < earliest) {
      errors.push({ type: 'freeze_begin_too_early', context: { field: 'begin_date', earliest } });
    } else {
      const others = facts.freeze_periods.filter((f) => f.id !== existing?.id);
      const latest = freezeStartOptions(operator, others, today).at(-1) as IsoDate;
      if (begin_date > latest)
        errors.push({ type: 'freeze_begin_too_late', context: { field: 'begin_date', latest } });
    }
  }
  if (!isEndOfMonth(end_date))
    errors.push({ type: 'freeze_end_not_month_end', context: { field: 'end_date' } });
  if (end_date < begin_date) errors.push({ type: 'freeze_end_before_begin', context: { field: 'end_date' } });
  if (errors.length) return errors;

  if (!existing) {
    const scheduled = scheduledFreeze(facts, today);
    if (scheduled) {
      return [
        {
          type: 'scheduled_freeze_present',
          context: { begin_date: scheduled.begin_date, end_date: scheduled.end_date },
        },
      ];
    }
  }
  const current = currentFreeze(facts, today);
  const others = facts.freeze_periods.filter((f) => f.id !== existing?.id && effectiveFreezeEnd(f) !== null);
  const overlapping = others.find(
    (f) => f.begin_date <= end_date && begin_date <= (effectiveFreezeEnd(f) as IsoDate),
  );
  if (overlapping) {
    return [
      {
        type: overlapping === current ? 'freeze_overlaps_current' : 'scheduled_freeze_present',
        context: { begin_date: overlapping.begin_date, end_date: overlapping.end_date },
      },
    ];
  }

  const candidate = { id: existing?.id ?? '__candidate', begin_date, end_date, cancel_date: null };
  const over = freezeYearsOverMaximum(operator, facts.freeze_periods, candidate, existing?.id);
  if (over.length) {
    return [
      {
        type: 'max_freeze_months_reached',
        context: {
          max_months: operator.freezePolicy.maxMonthsPerYear,
          used_months: over[0]!.used,
          year: over[0]!.year,
        },
      },
    ];
  }
  return [];
}

/** Months a freeze covers in total, for the fee and the contract extension. */
/**
 * The first of every frozen month from `begin` to `end` that is still to be billed (after
 * `after`): each gets the operator's monthly freeze fee on that day.
 */
export function freezeMonthsToBill(begin: IsoDate, end: IsoDate, after: IsoDate): IsoDate[] {
  const months: IsoDate[] = [];
  for (let first = begin; first <= end; first = addMonths(first, 1)) if (first > after) months.push(first);
  return months;
}

export function freezeMonthCount(freeze: FreezeFact): number {
  const end = effectiveFreezeEnd(freeze);
  return end === null ? 0 : monthsBetweenInclusive(freeze.begin_date, end);
}

/**
 * What cancelling a current freeze costs: the rest of the current month at the regular
 * monthly fee, from today (the member trains again today) to the month end.
 */
export function restOfMonthFee(
  monthlyFee: number,
  today: IsoDate,
): { amount: number; from: IsoDate; to: IsoDate } {
  const to = endOfMonth(today);
  const daysInMonth = Number(to.slice(8, 10));
  const remaining = daysInMonth - Number(today.slice(8, 10)) + 1;
  return { amount: Math.round((monthlyFee * remaining) / daysInMonth), from: today, to };
}
