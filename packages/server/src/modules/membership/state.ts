import type { MembershipStatus, OperatorId } from '@portal/contract';
import type { IsoDate, MembershipFacts, OperatorSettings } from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';
import { type AuthContext, requestLocale } from '../../http/auth-context.ts';
import { notFound } from '../../http/errors.ts';
import { membershipFacts, statusOf, todayFor } from './facts.ts';
import { findMembership, type MembershipRecord } from './repository.ts';

/** A membership read for a request: its member's `locale` is the request's (`loadMembershipState`). */
export function withTextLocale<R extends MembershipRecord>(
  row: R,
  auth: Pick<AuthContext, 'locale'> | null | undefined,
): R & { member: { storedLocale: string } } {
  const stored = row.member.locale;
  return { ...row, member: { ...row.member, locale: requestLocale(auth, stored), storedLocale: stored } };
}

export interface MembershipState extends MembershipRecord {
  operator: OperatorSettings;
  today: IsoDate;
  facts: MembershipFacts;
  status: MembershipStatus;
}

/**
 * The member's membership with its facts and derived status, as every rule reads it.
 * Given the request's `AuthContext`, `member.locale` is the locale of the request's texts
 * (its language, else the stored one: http/auth-context.ts `requestLocale`), so every
 * refusal, receipt and confirmation the rules write follows the language the member uses;
 * `member.storedLocale` keeps the stored one.
 * With `forUpdate` (inside a transaction) the membership row is locked until commit, so
 * two requests changing one membership run one after the other and the second sees the
 * first one's freeze or cancellation when it re-checks the rule.
 */
export async function loadMembershipState(
  ex: Executor,
  who: string | Pick<AuthContext, 'memberId' | 'locale'>,
  clock: Clock,
  options: { forUpdate?: boolean } = {},
): Promise<MembershipState> {
  const found = await findMembership(ex, typeof who === 'string' ? who : who.memberId, options);
  if (!found) throw notFound('No membership.');
  const row = typeof who === 'string' ? found : withTextLocale(found, who);
  const { operator, today } = todayFor(row.member.operatorId as OperatorId, clock);
  const facts = membershipFacts(row.membership, row.freezes);
  return { ...row, operator, today, facts, status: statusOf(facts, today).status };
}
