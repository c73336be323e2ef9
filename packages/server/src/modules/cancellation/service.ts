import type { CancellationPolicy, CancellationRequest, CancellationResult } from '@portal/contract';
import { calculatedEndDate, cancellationErrors, deriveStatus, effectiveFreezeEnd } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { memberships } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { setMarketingConsent } from '../consents/repository.ts';
import { deleteScheduledFreezeInvoices, updateFreezeDates } from '../freeze/repository.ts';
import { sendLifecycleMail } from '../membership/notifications.ts';
import { logMembershipChange, refusal, refusalItems } from '../membership/changes.ts';
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

export function createCancellationService(deps: AppDeps) {
  const { db, clock, mailer } = deps;

  return {
    async policy(auth: AuthContext): Promise<CancellationPolicy> {
      const state = await loadMembershipState(db, auth.memberId, clock);
      const { endDate, errors } = evaluate(state);
      return {
        cancellation_months: state.operator.cancellationNoticeMonths,
        membership: {
          // Already cancelled: the end date it has; otherwise the one a cancellation today gets.
          calculated_end_date: state.membership.cancelledOn ? state.membership.endDate : endDate,
          errors: refusalItems(state, errors),
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
        if (errors.length) throw refusal(state, errors);
        await tx
          .update(memberships)
          .set({ cancelledOn: state.today, endDate })
          .where(eq(memberships.id, state.membership.id));
        // The consent question's answer dates the consent only when it changes it.
        if (request.gdpr_opt_in !== undefined && request.gdpr_opt_in !== state.member.gdprOptIn) {
          await setMarketingConsent(tx, state.member.id, request.gdpr_opt_in, clock.now());
        }
        for (const freeze of state.facts.freeze_periods) {
          if (freeze.begin_date > endDate && effectiveFreezeEnd(freeze) !== null) {
            await updateFreezeDates(tx, freeze.id, { cancelDate: state.today });
            await deleteScheduledFreezeInvoices(tx, state.member.id, freeze.id, state.today);
          }
        }
        // The status the written facts give today (in_cancellation, or cancelled_in_trial/presale).
        const status = deriveStatus(
          { ...state.facts, cancelled_on: state.today, end_date: endDate },
          state.today,
        );
        await logMembershipChange(tx, clock, state, 'membership_cancelled', {
          end_date: endDate,
          status,
          ...(request.gdpr_opt_in !== undefined ? { gdpr_opt_in: request.gdpr_opt_in } : {}),
        });
        await sendLifecycleMail(tx, mailer, state.member, state.operator, {
          kind: 'cancelled',
          end_date: endDate,
        });
        return { status, end_date: endDate };
      });
    },

    /** Takes a cancellation back before its end date: free, on the same terms. */
    async reactivate(auth: AuthContext): Promise<void> {
      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
        if (state.status !== 'in_cancellation') {
          throw refusal(state, [{ type: 'no_cancellation_to_undo' }]);
        }
        await tx
          .update(memberships)
          .set({ cancelledOn: null, endDate: null })
          .where(eq(memberships.id, state.membership.id));
        await logMembershipChange(tx, clock, state, 'membership_reactivated', {
          previous_end_date: state.membership.endDate,
        });
        await sendLifecycleMail(tx, mailer, state.member, state.operator, { kind: 'reactivated' });
      });
    },
  };
}

export type CancellationService = ReturnType<typeof createCancellationService>;
