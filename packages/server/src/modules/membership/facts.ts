import type { MembershipStatus, OperatorId } from '@portal/contract';
import {
  activatesOn,
  deriveStatus,
  getOperator,
  type IsoDate,
  type MembershipFacts,
  type OperatorSettings,
  todayIn,
} from '@portal/domain';
import type { Clock } from '../../clock.ts';

/** Rows to facts is a domain rule (the door's check-in reads by it too). */
export { membershipFacts } from '@portal/domain';

export interface Today {
  operator: OperatorSettings;
  today: IsoDate;
}

/** Today as a calendar date in the operator's timezone, from one reading of the clock. */
export function todayFor(operatorId: OperatorId, clock: Clock): Today {
  const operator = getOperator(operatorId);
  return { operator, today: todayIn(operator.timezone, clock.now()) };
}

export function statusOf(
  facts: MembershipFacts,
  today: IsoDate,
): { status: MembershipStatus; activates_on: IsoDate | null } {
  const status = deriveStatus(facts, today);
  return { status, activates_on: activatesOn(facts, status, today) };
}
