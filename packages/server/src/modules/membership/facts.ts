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
import type { memberships } from '../../db/schema.ts';
import type { FreezeRow } from './repository.ts';

/** The dated facts of stored rows, as domain rules read them. */
export function membershipFacts(
  membership: Pick<
    typeof memberships.$inferSelect,
    'signupKind' | 'beginDate' | 'cancelledOn' | 'endDate' | 'stoppedOn' | 'withdrawnOn'
  >,
  freezes: Pick<FreezeRow, 'id' | 'beginDate' | 'endDate' | 'cancelDate'>[],
): MembershipFacts {
  return {
    signup_kind: membership.signupKind,
    begin_date: membership.beginDate,
    cancelled_on: membership.cancelledOn,
    end_date: membership.endDate,
    stopped_on: membership.stoppedOn,
    withdrawn_on: membership.withdrawnOn,
    freeze_periods: freezes.map((f) => ({
      id: f.id,
      begin_date: f.beginDate,
      end_date: f.endDate,
      cancel_date: f.cancelDate,
    })),
  };
}

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
