import type { MembershipStatus } from '@portal/contract';
import {
  checkCancellation,
  type DeclaredCancellation,
  deriveStatus,
  type IsoDate,
  type TooEarlyDate,
} from '@portal/domain';
import type { DemoStore } from '../store.ts';
import { logMembershipChange } from '../membership/events.ts';
import { dropFreezes } from './freezes.ts';
import type { MembershipState } from '../membership/state.ts';

/** The domain's cancellation rules on a loaded membership (server: cancellation/apply.ts). */
export function checkMembershipCancellation(
  state: MembershipState,
  declared: DeclaredCancellation = { kind: 'ordinary' },
  tooEarly: TooEarlyDate = 'refuse',
) {
  return checkCancellation({ ...state, bindingMonths: state.product.bindingMonths }, declared, tooEarly);
}

/**
 * Writes a checked cancellation (the dated facts, not a status) with its event; a freeze
 * beginning after the last day is dropped. In trial or presale the facts end it at once.
 */
export function writeCancellation(
  store: DemoStore,
  state: MembershipState,
  endDate: IsoDate,
  details: Record<string, unknown>,
): MembershipStatus {
  state.membership.cancelledOn = state.today;
  state.membership.endDate = endDate;
  dropFreezes(store, state, (freeze) => freeze.begin_date > endDate);
  const status = deriveStatus({ ...state.facts, cancelled_on: state.today, end_date: endDate }, state.today);
  logMembershipChange(store, state, 'membership_cancelled', { end_date: endDate, status, ...details });
  return status;
}
