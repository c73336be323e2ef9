import type { DemoStore } from '../store.ts';
import type { MembershipState } from './state.ts';

/** A change of the membership in the event log, as the server's logMembershipChange writes it. */
export function logMembershipChange(
  store: DemoStore,
  state: MembershipState,
  action: string,
  details: Record<string, unknown>,
  status: 'in_progress' | 'success' | 'failure' = 'success',
): void {
  store.tables.events.push({
    id: crypto.randomUUID(),
    memberId: state.member.id,
    membershipId: state.membership.id,
    action,
    status,
    details,
    createdAt: store.now(),
  });
}
