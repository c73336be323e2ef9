import type { WithdrawalResult } from '@portal/contract';
import { contractConcludedOn, withdrawalErrors, withdrawalMail, withdrawalOutcome } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { memberships } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { logMembershipChange, refusal } from '../membership/changes.ts';
import { sendMailTo } from '../membership/notifications.ts';
import { loadMembershipState } from '../membership/state.ts';
import { dropFreezes } from './apply.ts';

/**
 * The 14-day withdrawal (§ 356a BGB, Directive (EU) 2023/2673): one locked transaction
 * re-checks the operator and the window, ends the membership today (domain
 * withdrawalOutcome), and leaves the refund to finance through the event.
 */
export function createWithdrawalService(deps: AppDeps) {
  const { db, clock, mailer } = deps;

  return {
    async withdraw(auth: AuthContext): Promise<WithdrawalResult> {
      const receivedAt = clock.now();
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
        const { operator, member, membership, today } = state;
        const concludedOn = contractConcludedOn(membership.createdAt, operator.timezone);
        const errors = withdrawalErrors(operator, state.status, concludedOn, today);
        if (errors.length) throw refusal(state, errors);

        const outcome = withdrawalOutcome(state.facts, today);
        await tx
          .update(memberships)
          .set({
            cancelledOn: outcome.facts.cancelled_on,
            endDate: outcome.facts.end_date,
            withdrawnOn: outcome.facts.withdrawn_on,
          })
          .where(eq(memberships.id, membership.id));
        // The contract is undone: no freeze under way or to come is left (nor its fees).
        await dropFreezes(tx, state, () => true);
        // No money moves here: finance refunds what was paid less the days used (§ 357a BGB).
        await logMembershipChange(tx, clock, state, 'membership_withdrawn', {
          previous_status: state.status,
          status: outcome.status,
          concluded_on: concludedOn,
          end_date: today,
          days_used: outcome.days_used,
          refund: 'paid fees less the value of the days used, by finance',
        });

        const mail = withdrawalMail({
          member,
          membershipNumber: membership.membershipNumber,
          timezone: operator.timezone,
          receivedAt,
          endedOn: today,
          daysUsed: outcome.days_used,
        });
        await sendMailTo(tx, mailer, operator, member.email, mail);
        return { status: outcome.status, end_date: today, received_at: receivedAt.toISOString() };
      });
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
