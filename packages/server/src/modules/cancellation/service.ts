import { randomUUID } from 'node:crypto';
import type { CancellationPolicy, CancellationRequest, CancellationResult } from '@portal/contract';
import {
  calculatedEndDate,
  cancellationErrors,
  effectiveFreezeEnd,
  languageOf,
  type RuleError,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, memberships } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { insertEvent } from '../events/repository.ts';
import { deleteScheduledFreezeInvoices, updateFreezeDates } from '../freeze/repository.ts';
import { sendLifecycleMail } from '../membership/notifications.ts';
import { ruleErrorItem } from '../membership/rule-messages.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';

function evaluate(state: MembershipState) {
  const endDate = calculatedEndDate(
    state.operator,
    state.facts,
    state.status,
    state.product.bindingMonths,
    state.today,
  );
  return { endDate, errors: cancellationErrors(state.facts, state.status, endDate, state.today) };
}

function items(state: MembershipState, errors: RuleError[]) {
  const language = languageOf(state.member.locale);
  return errors.map((e) => ruleErrorItem(e, language));
}

export function createCancellationService(deps: AppDeps) {
  const { db, clock, mailer } = deps;

  async function logChange(
    tx: Executor,
    state: MembershipState,
    action: string,
    details: Record<string, unknown>,
  ) {
    await insertEvent(tx, {
      id: randomUUID(),
      memberId: state.member.id,
      membershipId: state.membership.id,
      action,
      status: 'success',
      details,
      createdAt: clock.now(),
    });
  }

  return {
    async policy(auth: AuthContext): Promise<CancellationPolicy> {
      const state = await loadMembershipState(db, auth.memberId, clock);
      const { endDate, errors } = evaluate(state);
      return {
        cancellation_months: state.operator.cancellationNoticeMonths,
        membership: {
          // Already cancelled: the end date it has; otherwise the one a cancellation today gets.
          calculated_end_date: state.membership.cancelledOn ? state.membership.endDate : endDate,
          errors: items(state, errors),
        },
      };
    },

    /**
     * Cancels with the policy's end date. In trial or presale the membership ends today
     * (cancelled_in_trial / cancelled_in_presale at once). A freeze scheduled after the
     * end date can never happen, so it is cancelled with its unbilled fees.
     */
    async cancel(auth: AuthContext, request: CancellationRequest): Promise<CancellationResult> {
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
        const { endDate, errors } = evaluate(state);
        if (errors.length) throw new ApiError(422, items(state, errors));
        await tx
          .update(memberships)
          .set({ cancelledOn: state.today, endDate })
          .where(eq(memberships.id, state.membership.id));
        if (request.gdpr_opt_in !== undefined) {
          await tx
            .update(members)
            .set({ gdprOptIn: request.gdpr_opt_in, updatedAt: clock.now() })
            .where(eq(members.id, state.member.id));
        }
        for (const freeze of state.facts.freeze_periods) {
          if (freeze.begin_date > endDate && effectiveFreezeEnd(freeze) !== null) {
            await updateFreezeDates(tx, freeze.id, { cancelDate: state.today });
            await deleteScheduledFreezeInvoices(tx, state.member.id, freeze.id, state.today);
          }
        }
        const after = await loadMembershipState(tx, auth.memberId, clock);
        await logChange(tx, state, 'membership_cancelled', {
          end_date: endDate,
          status: after.status,
          ...(request.gdpr_opt_in !== undefined ? { gdpr_opt_in: request.gdpr_opt_in } : {}),
        });
        await sendLifecycleMail(tx, mailer, state.member, state.operator, {
          kind: 'cancelled',
          end_date: endDate,
        });
        return { status: after.status, end_date: endDate };
      });
    },

    /** Takes a cancellation back before its end date: free, on the same terms. */
    async reactivate(auth: AuthContext): Promise<void> {
      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
        if (state.status !== 'in_cancellation') {
          throw new ApiError(422, items(state, [{ type: 'no_cancellation_to_undo' }]));
        }
        await tx
          .update(memberships)
          .set({ cancelledOn: null, endDate: null })
          .where(eq(memberships.id, state.membership.id));
        await logChange(tx, state, 'membership_reactivated', { previous_end_date: state.membership.endDate });
        await sendLifecycleMail(tx, mailer, state.member, state.operator, { kind: 'reactivated' });
      });
    },
  };
}

export type CancellationService = ReturnType<typeof createCancellationService>;
