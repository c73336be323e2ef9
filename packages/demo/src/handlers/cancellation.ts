import {
  ApiError,
  type CancellationResult,
  invalidRequest,
  notFound,
  type PublicCancellationRequest,
  rateLimited,
} from '@portal/contract';
import {
  contractConcludedOn,
  type DeclarationContent,
  getOperator,
  isRepeatedDeclaration,
  languageOf,
  lifecycleMailText,
  noticeMail,
  type ReceiptContext,
  type ReceiptEnd,
  receiptMail,
  withdrawalErrors,
  withdrawalMail,
  withdrawalOutcome,
} from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { checkMembershipCancellation, writeCancellation } from '../lifecycle/cancel.ts';
import {
  declarationFields,
  identifyMember,
  insertDeclaration,
  newReference,
  recentArrivals,
  settleDeclaration,
} from '../lifecycle/declarations.ts';
import { dropFreezes } from '../lifecycle/freezes.ts';
import { logMembershipChange } from '../membership/events.ts';
import { sendBrandedMail } from '../membership/outbox.ts';
import { refusal, refusalItems } from '../membership/refusals.ts';
import { loadMembershipState } from '../membership/state.ts';
import type { DemoStore } from '../store.ts';

// Ports of the server's cancellation, public cancellation (§ 312k BGB) and withdrawal
// services (modules/cancellation/) onto the demo's tables.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The server's settings (config.ts defaults). Left out on purpose: the per-address limit
 * and the minimum answer time. The demo has one visitor in their own browser, whose
 * address is no one's to count, and its data sits in that browser already: a timing
 * difference there tells nobody anything the form must hide (ADR 010's concern is a
 * stranger probing the real server). The per-identity limit stays, as it is a rule on
 * the stored declarations a visitor can run into.
 */
const PER_IDENTITY_PER_DAY = 3;

const invalid = (fields: string[], message: string) =>
  new ApiError(
    400,
    fields.map((field) => ({ type: 'invalid_request', message, context: { field } })),
  );

/** Checks across fields, beyond the contract's schema (server: public-service.ts). */
function assertComplete(input: PublicCancellationRequest): void {
  if (input.kind === 'extraordinary' && !input.reason)
    throw invalid(['body.reason'], 'An extraordinary cancellation needs its reason.');
  if (!input.membership_number && !input.email)
    throw invalid(
      ['body.membership_number', 'body.email'],
      'Give the membership number or the e-mail address.',
    );
}

/** 429 once the identity sent its share of public declarations in the last 24 hours. */
function assertIdentityAllowed(store: DemoStore, identity: string): Date {
  const now = store.now().getTime();
  const oldestCounted = recentArrivals(store, identity, new Date(now - DAY_MS), PER_IDENTITY_PER_DAY)[
    PER_IDENTITY_PER_DAY - 1
  ];
  if (oldestCounted) throw rateLimited((oldestCounted.getTime() + DAY_MS - now) / 1000);
  return new Date(now);
}

/**
 * Matches and applies a public declaration, and says how the receipt may speak of the
 * end: with the date only when it goes to the e-mail on file; otherwise that address gets
 * its own notice.
 */
function resolve(
  store: DemoStore,
  declarationId: string,
  input: PublicCancellationRequest,
  content: DeclarationContent,
  ctx: ReceiptContext,
): ReceiptEnd {
  const match = identifyMember(store, input.operator_id, content);
  if (match.memberId === null) {
    settleDeclaration(store, declarationId, { outcome: 'unmatched', outcomeReason: match.reason });
    return { kind: 'earliest' };
  }
  const state = loadMembershipState(store, match.memberId);
  const declared = { kind: input.kind, effective_date: input.effective_date ?? null };
  const check = checkMembershipCancellation(state, declared, 'earliest');
  const ids = { memberId: state.member.id, membershipId: state.membership.id };
  let end: ReceiptEnd;
  if (isRepeatedDeclaration(state.status, state.membership.endDate, declared, check.endDate)) {
    end = { kind: 'already', date: state.membership.endDate! };
    settleDeclaration(store, declarationId, { outcome: 'duplicate', endDate: end.date, ...ids });
  } else if (check.errors.length > 0) {
    end = { kind: 'refused', errors: check.errors };
    settleDeclaration(store, declarationId, {
      outcome: 'refused',
      outcomeReason: check.errors[0]!.type,
      ...ids,
    });
  } else {
    const status = writeCancellation(store, state, check.endDate, {
      source: 'public',
      reference: ctx.reference,
      kind: input.kind,
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.effective_date ? { effective_date: input.effective_date } : {}),
    });
    end = { kind: status === 'in_cancellation' ? 'ends' : 'ended', date: check.endDate };
    settleDeclaration(store, declarationId, { outcome: 'applied', endDate: check.endDate, ...ids });
  }
  if (state.member.email.toLowerCase() === input.confirmation_email) return end;
  const memberCtx = { ...ctx, language: languageOf(state.member.locale), locale: state.member.locale };
  const name = `${state.member.firstName} ${state.member.lastName}`;
  const notice = noticeMail(memberCtx, name, end, state.operator.supportEmail);
  sendBrandedMail(store, state.operator, state.member.email, notice, state.member.id);
  return { kind: 'earliest' };
}

export const cancellationHandlers = defineHandlers({
  cancellationPolicy: ({ store, auth }) => {
    const state = loadMembershipState(store, auth.memberId);
    const { earliest, errors } = checkMembershipCancellation(state);
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
   * Cancels with the policy's end date, or the later date asked for. In trial or presale
   * the membership ends today. An extraordinary cancellation gets the earliest ordinary
   * date meanwhile; its reason goes to support with the declaration.
   */
  cancel: async ({ store, auth, body }): Promise<CancellationResult> => {
    const kind = body.kind ?? 'ordinary';
    if (kind === 'extraordinary' && !body.reason)
      throw invalidRequest('body.reason', 'An extraordinary cancellation needs its reason.');
    const receivedAt = store.now();
    const state = loadMembershipState(store, auth.memberId);
    const declared = { kind, effective_date: body.effective_date ?? null };
    const { endDate, errors } = checkMembershipCancellation(state, declared, 'refuse');
    if (errors.length) throw refusal(state, errors);
    const { member, membership, operator } = state;
    // Support's one list of declarations: every one where the public form exists, and
    // every extraordinary one, whose reason support has to check.
    const recorded = operator.publicCancellation || kind === 'extraordinary';
    const reference = recorded ? newReference(operator.id) : null;
    // The consent question's answer dates the consent only when it changes it.
    if (body.gdpr_opt_in !== undefined && body.gdpr_opt_in !== member.gdprOptIn) {
      const at = store.now();
      Object.assign(member, { gdprOptIn: body.gdpr_opt_in, gdprUpdatedAt: at, updatedAt: at });
    }
    const status = writeCancellation(store, state, endDate, {
      source: 'member',
      kind,
      ...(body.reason ? { reason: body.reason } : {}),
      ...(body.effective_date ? { effective_date: body.effective_date } : {}),
      ...(reference ? { reference } : {}),
      ...(body.gdpr_opt_in !== undefined ? { gdpr_opt_in: body.gdpr_opt_in } : {}),
    });
    const content: DeclarationContent = {
      kind,
      reason: body.reason ?? null,
      first_name: member.firstName,
      last_name: member.lastName,
      membership_number: membership.membershipNumber,
      email: member.email,
      effective_date: body.effective_date ?? null,
      confirmation_email: body.confirmation_email ?? member.email,
    };
    if (reference) {
      insertDeclaration(store, {
        ...(await declarationFields(operator.id, member.locale, content)),
        reference,
        source: 'member',
        receivedAt,
        arrivedAt: store.now(),
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
    sendBrandedMail(store, operator, content.confirmation_email, receiptMail(ctx, content, end), member.id);
    return { status, end_date: endDate, received_at: receivedAt.toISOString() };
  },

  /** Takes a cancellation back before its end date: free, on the same terms. */
  reactivate: ({ store, auth }) => {
    const state = loadMembershipState(store, auth.memberId);
    if (state.status !== 'in_cancellation') throw refusal(state, [{ type: 'no_cancellation_to_undo' }]);
    const previousEnd = state.membership.endDate;
    Object.assign(state.membership, { cancelledOn: null, endDate: null });
    logMembershipChange(store, state, 'membership_reactivated', { previous_end_date: previousEnd });
    const mail = lifecycleMailText(state.member, { kind: 'reactivated' });
    sendBrandedMail(store, state.operator, state.member.email, mail, state.member.id);
    return undefined;
  },

  /**
   * The 14-day withdrawal: ends the membership today (domain withdrawalOutcome) and
   * leaves the refund to finance through the event.
   */
  withdrawal: ({ store, auth }) => {
    const receivedAt = store.now();
    const state = loadMembershipState(store, auth.memberId);
    const { operator, member, membership, today } = state;
    const concludedOn = contractConcludedOn(membership.createdAt, operator.timezone);
    const errors = withdrawalErrors(operator, state.status, concludedOn, today);
    if (errors.length) throw refusal(state, errors);
    const outcome = withdrawalOutcome(state.facts, today);
    Object.assign(membership, {
      cancelledOn: outcome.facts.cancelled_on,
      endDate: outcome.facts.end_date,
      withdrawnOn: outcome.facts.withdrawn_on,
    });
    // The contract is undone: no freeze under way or to come is left (nor its fees).
    dropFreezes(store, state, () => true);
    logMembershipChange(store, state, 'membership_withdrawn', {
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
    sendBrandedMail(store, operator, member.email, mail, member.id);
    return { status: outcome.status, end_date: today, received_at: receivedAt.toISOString() };
  },

  /**
   * § 312k BGB without sign-in: every declaration is recorded first; one that names
   * exactly one member is applied through the signed-in cancellation's rules. The answer
   * is the same whatever happened.
   */
  publicCancellation: async ({ store, body: input }) => {
    const operator = getOperator(input.operator_id);
    if (!operator.publicCancellation) throw notFound('This operator has no cancellation form.');
    assertComplete(input);
    const content: DeclarationContent = {
      kind: input.kind,
      reason: input.reason ?? null,
      first_name: input.first_name,
      last_name: input.last_name,
      membership_number: input.membership_number || null,
      email: input.email ?? null,
      effective_date: input.effective_date ?? null,
      confirmation_email: input.confirmation_email,
    };
    const fields = await declarationFields(input.operator_id, input.locale, content);
    const arrivedAt = assertIdentityAllowed(store, fields.identityHash);
    const receivedAt = store.now();
    const reference = newReference(input.operator_id);
    const automated = Boolean(input.website?.trim());
    // Recorded before anything is matched or decided, so no declaration is ever lost. The
    // demo knows no client address, so it keeps none (the server keeps its keyed hash).
    const id = insertDeclaration(store, {
      ...fields,
      reference,
      source: 'public',
      website: input.website ?? null,
      receivedAt,
      arrivedAt,
      clientIpHash: null,
      outcome: automated ? 'automated' : 'unmatched',
      outcomeReason: automated ? 'honeypot' : null,
    });
    // A filled honeypot gets no e-mail: the form must not mail whatever address a bot enters.
    if (!automated) {
      const ctx: ReceiptContext = {
        language: languageOf(input.locale),
        locale: input.locale,
        timezone: operator.timezone,
        receivedAt,
        reference,
      };
      const end = resolve(store, id, input, content, ctx);
      sendBrandedMail(store, operator, input.confirmation_email, receiptMail(ctx, content, end), null);
    }
    return { reference, received_at: receivedAt.toISOString(), contract: input.contract, ...content };
  },
});
