import type { MembershipStatus } from '@portal/contract';
import { addDays, type IsoDate, todayIn } from './dates.ts';
import type { RuleError } from './freeze.ts';
import type { OperatorSettings } from './operators/types.ts';
import { deriveStatus, effectiveFreezeEnd, isInactiveStatus, type MembershipFacts } from './status.ts';

/**
 * The withdrawal period (§ 355 (2) BGB, § 11 FAGG, KSL 6:14, Directive 2011/83/EU art. 9):
 * 14 days from the day the contract was concluded. That day itself is not counted
 * (§ 187 (1) BGB), so a contract concluded on the 1st can be withdrawn up to the 15th.
 */
export const WITHDRAWAL_DAYS = 14;

/** The day the contract was concluded: the signup instant as a calendar day in the operator's timezone. */
export function contractConcludedOn(signedUpAt: Date, timezone: string): IsoDate {
  return todayIn(timezone, signedUpAt);
}

/** The last day a withdrawal is possible. */
export function withdrawalLastDay(concludedOn: IsoDate): IsoDate {
  return addDays(concludedOn, WITHDRAWAL_DAYS);
}

/**
 * Why the withdrawal button is not offered today. A membership that has ended (the
 * cancelled variants, stopped) has nothing left to withdraw from. One in cancellation still
 * may: a notice does not end the right of withdrawal, and withdrawing ends the contract now
 * instead of at the notice's end date.
 */
export function withdrawalErrors(
  operator: Pick<OperatorSettings, 'withdrawalButton'>,
  status: MembershipStatus,
  concludedOn: IsoDate,
  today: IsoDate,
): RuleError[] {
  if (!operator.withdrawalButton) return [{ type: 'withdrawal_not_offered' }];
  if (isInactiveStatus(status)) return [{ type: 'invalid_status_to_withdraw', context: { status } }];
  const lastDay = withdrawalLastDay(concludedOn);
  if (today > lastDay) return [{ type: 'withdrawal_period_over', context: { last_day: lastDay } }];
  return [];
}

/** The last day the member may still withdraw, or null when the button is not offered today. */
export function withdrawalUntil(
  operator: Pick<OperatorSettings, 'withdrawalButton'>,
  status: MembershipStatus,
  concludedOn: IsoDate,
  today: IsoDate,
): IsoDate | null {
  return withdrawalErrors(operator, status, concludedOn, today).length === 0
    ? withdrawalLastDay(concludedOn)
    : null;
}

export interface Withdrawal {
  /** The facts to write: withdrawn today, ending today (a notice given earlier keeps its day). */
  facts: Pick<MembershipFacts, 'cancelled_on' | 'end_date'> & { withdrawn_on: IsoDate };
  /** cancelled_in_presale, cancelled_in_trial, or cancelled. */
  status: MembershipStatus;
  /**
   * Days of the paid membership the member could train, today included: from the begin
   * date on, frozen days left out. Finance refunds what was paid less their value
   * (§ 357a (2) BGB); nothing is paid here.
   */
  days_used: number;
}

/** What a withdrawal today does: the contract is undone and the membership ends today. */
export function withdrawalOutcome(facts: MembershipFacts, today: IsoDate): Withdrawal {
  const written = { cancelled_on: facts.cancelled_on ?? today, end_date: today, withdrawn_on: today };
  const status = deriveStatus({ ...facts, ...written }, today);
  return { facts: written, status, days_used: daysUsed(facts, today) };
}

function daysUsed(facts: MembershipFacts, today: IsoDate): number {
  let days = 0;
  for (let day = facts.begin_date; day <= today; day = addDays(day, 1)) {
    const frozen = facts.freeze_periods.some((f) => {
      const end = effectiveFreezeEnd(f);
      return end !== null && f.begin_date <= day && day <= end;
    });
    if (!frozen) days += 1;
  }
  return days;
}
