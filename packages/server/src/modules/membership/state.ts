import type { MembershipStatus, OperatorId } from '@portal/contract';
import type { IsoDate, MembershipFacts, OperatorSettings } from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';
import { notFound } from '../../http/errors.ts';
import { membershipFacts, statusOf, todayFor } from './facts.ts';
import { findMembership, type MembershipRecord } from './repository.ts';

export interface MembershipState extends MembershipRecord {
  operator: OperatorSettings;
  today: IsoDate;
  facts: MembershipFacts;
  status: MembershipStatus;
}

/**
 * The member's membership with its facts and derived status, as every rule reads it.
 * With `forUpdate` (inside a transaction) the membership row is locked until commit, so
 * two requests changing one membership run one after the other and the second sees the
 * first one's freeze or cancellation when it re-checks the rule.
 */
export async function loadMembershipState(
  ex: Executor,
  memberId: string,
  clock: Clock,
  options: { forUpdate?: boolean } = {},
): Promise<MembershipState> {
  const row = await findMembership(ex, memberId, options);
  if (!row) throw notFound('No membership.');
  const { operator, today } = todayFor(row.member.operatorId as OperatorId, clock);
  const facts = membershipFacts(row.membership, row.freezes);
  return { ...row, operator, today, facts, status: statusOf(facts, today).status };
}
