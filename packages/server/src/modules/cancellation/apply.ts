import type { MembershipStatus } from '@portal/contract';
import {
  type CancellationCheck,
  checkCancellation as checkDeclared,
  type DeclaredCancellation,
  deriveStatus,
  effectiveFreezeEnd,
  type FreezeFact,
  type IsoDate,
  type TooEarlyDate,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Tx } from '../../db/client.ts';
import { memberships } from '../../db/schema.ts';
import { deleteScheduledFreezeInvoices, updateFreezeDates } from '../freeze/repository.ts';
import { logMembershipChange } from '../membership/changes.ts';
import type { MembershipState } from '../membership/state.ts';

/** The domain's cancellation rules (checkCancellation) on a loaded membership. */
export function checkCancellation(
  state: MembershipState,
  declared: DeclaredCancellation = { kind: 'ordinary' },
  tooEarly: TooEarlyDate = 'refuse',
): CancellationCheck {
  return checkDeclared({ ...state, bindingMonths: state.product.bindingMonths }, declared, tooEarly);
}

/**
 * Cancels the freezes `drop` picks that have not ended or been cancelled, with their
 * unbilled fees: those a membership's end leaves no room for.
 */
export async function dropFreezes(
  tx: Tx,
  state: MembershipState,
  drop: (freeze: FreezeFact, lastDay: IsoDate) => boolean,
): Promise<void> {
  for (const freeze of state.facts.freeze_periods) {
    const lastDay = effectiveFreezeEnd(freeze);
    if (lastDay !== null && lastDay >= state.today && drop(freeze, lastDay)) {
      await updateFreezeDates(tx, freeze.id, { cancelDate: state.today });
      await deleteScheduledFreezeInvoices(tx, state.member.id, freeze.id, state.today);
    }
  }
}

/**
 * Writes a checked cancellation (ADR 004: the dated facts, not a status) on a locked
 * membership, with its event. In trial or presale the facts make it end at once.
 */
export async function writeCancellation(
  tx: Tx,
  clock: Clock,
  state: MembershipState,
  endDate: IsoDate,
  details: Record<string, unknown>,
): Promise<MembershipStatus> {
  await tx
    .update(memberships)
    .set({ cancelledOn: state.today, endDate })
    .where(eq(memberships.id, state.membership.id));
  // A freeze beginning after the last day can never happen.
  await dropFreezes(tx, state, (freeze) => freeze.begin_date > endDate);
  const status = deriveStatus({ ...state.facts, cancelled_on: state.today, end_date: endDate }, state.today);
  await logMembershipChange(tx, clock, state, 'membership_cancelled', {
    end_date: endDate,
    status,
    ...details,
  });
  return status;
}
