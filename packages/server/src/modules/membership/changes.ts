import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';
import { insertEvent } from '../events/repository.ts';
import type { MembershipState } from './state.ts';
import { randomUUID } from '../../platform/crypto.ts';

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
