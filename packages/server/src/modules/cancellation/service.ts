import type { CancellationPolicy, CancellationRequest, CancellationResult } from '@portal/contract';
import { type DeclarationContent, languageOf, receiptMail } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { memberships } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { invalidRequest } from '../../http/errors.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { setMarketingConsent } from '../consents/repository.ts';
import { logMembershipChange, refusal, refusalItems } from '../membership/changes.ts';
import { sendLifecycleMail, sendMailTo } from '../membership/notifications.ts';
import { loadMembershipState } from '../membership/state.ts';
import { checkCancellation, writeCancellation } from './apply.ts';
import { declarationFields, insertDeclaration, newReference } from './declarations.ts';

export function createCancellationService(deps: AppDeps) {
  const { db, clock, mailer, wallClock } = deps;

  return {
    async policy(auth: AuthContext): Promise<CancellationPolicy> {
      const state = await loadMembershipState(db, auth.memberId, clock);
      const { earliest, errors } = checkCancellation(state);
      return {
        cancellation_months: state.operator.cancellationNoticeMonths,
        membership: {
          // Already cancelled: the end date it has; otherwise the one a cancellation today gets.
          calculated_end_date: state.membership.cancelledOn ? state.membership.endDate : earliest,
          errors: refusalItems(state, errors),
        },
      };
    },

    /**
     * Cancels with the policy's end date, or the later date asked for (§ 312k page). In
     * trial or presale the membership ends today. An extraordinary cancellation gets the
     * earliest ordinary date meanwhile; its reason goes to support with the declaration.
     */
    async cancel(auth: AuthContext, request: CancellationRequest): Promise<CancellationResult> {
      const kind = request.kind ?? 'ordinary';
      if (kind === 'extraordinary' && !request.reason)
        throw invalidRequest('body.reason', 'An extraordinary cancellation needs its reason.');
      const receivedAt = clock.now();
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
        const declared = { kind, effective_date: request.effective_date ?? null };
        const { endDate, errors } = checkCancellation(state, declared, 'refuse');
        if (errors.length) throw refusal(state, errors);
        const { member, membership, operator } = state;
        // Support's one list of declarations: every one where the public form exists, and
        // every extraordinary one, whose reason support has to check.
        const recorded = operator.publicCancellation || kind === 'extraordinary';
        const reference = recorded ? newReference(operator.id) : null;
        // The consent question's answer dates the consent only when it changes it.
        if (request.gdpr_opt_in !== undefined && request.gdpr_opt_in !== member.gdprOptIn) {
          await setMarketingConsent(tx, member.id, request.gdpr_opt_in, clock.now());
        }
        const status = await writeCancellation(tx, clock, state, endDate, {
          source: 'member',
          kind,
          ...(request.reason ? { reason: request.reason } : {}),
          ...(request.effective_date ? { effective_date: request.effective_date } : {}),
          ...(reference ? { reference } : {}),
          ...(request.gdpr_opt_in !== undefined ? { gdpr_opt_in: request.gdpr_opt_in } : {}),
        });
        const content: DeclarationContent = {
          kind,
          reason: request.reason ?? null,
          first_name: member.firstName,
          last_name: member.lastName,
          membership_number: membership.membershipNumber,
          email: member.email,
          effective_date: request.effective_date ?? null,
          confirmation_email: request.confirmation_email ?? member.email,
        };
        if (reference) {
          await insertDeclaration(tx, {
            ...declarationFields(operator.id, member.locale, content),
            reference,
            source: 'member',
            receivedAt,
            arrivedAt: new Date(wallClock()),
            clientIpHash: null,
            outcome: 'applied',
            memberId: member.id,
            membershipId: membership.id,
            endDate,
          });
        }
        const ctx = {
          language: languageOf(member.locale),
          locale: member.locale,
          timezone: operator.timezone,
          receivedAt,
          reference,
        };
        const end = { kind: status === 'in_cancellation' ? 'ends' : 'ended', date: endDate } as const;
        await sendMailTo(tx, mailer, operator, content.confirmation_email, receiptMail(ctx, content, end));
        return { status, end_date: endDate, received_at: receivedAt.toISOString() };
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
