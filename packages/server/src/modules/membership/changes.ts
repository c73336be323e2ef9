import { randomUUID } from 'node:crypto';
import { languageOf, type RuleError, ruleErrorItem } from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { insertEvent } from '../events/repository.ts';
import type { MembershipState } from './state.ts';

/** Domain refusals as error items, with messages in the member's language. */
export function refusalItems(state: MembershipState, errors: readonly RuleError[]) {
  const language = languageOf(state.member.locale);
  return errors.map((e) => ruleErrorItem(e, language));
}

/** A 422 with the refusals of a domain rule. */
export function refusal(state: MembershipState, errors: readonly RuleError[]): ApiError {
  return new ApiError(422, refusalItems(state, errors));
}

/**
 * Writes a change of the membership to the event log, in the change's transaction; a
 * change under way or one that failed (a provider's refusal) is logged with that status.
 */
export async function logMembershipChange(
  ex: Executor,
  clock: Clock,
  state: MembershipState,
  action: string,
  details: Record<string, unknown>,
  status: 'in_progress' | 'success' | 'failure' = 'success',
): Promise<void> {
  await insertEvent(ex, {
    id: randomUUID(),
    memberId: state.member.id,
    membershipId: state.membership.id,
    action,
    status,
    details,
    createdAt: clock.now(),
  });
}
