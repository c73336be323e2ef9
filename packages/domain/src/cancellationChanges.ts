import {
  ApiError,
  type CancellationPolicy,
  type CancellationRequest,
  type CancellationResult,
  invalidRequest,
  type MembershipStatus,
  type OperatorId,
  type PublicCancellationRequest,
  rateLimited,
  type WithdrawalResult,
} from '@portal/contract';
import {
  type CancellationCheck,
  checkCancellation,
  type DeclaredCancellation,
  isRepeatedDeclaration,
  type TooEarlyDate,
} from './cancellation.ts';
import type { IsoDate } from './dates.ts';
import { lifecycleMailText } from './lifecycleMail.ts';
import { languageOf } from './locale.ts';
import {
  type FreezeDates,
  type LoadedMembership,
  type MembershipChange,
  membershipRefusal,
  refusalItems,
} from './membershipChange.ts';
import {
  type DeclarationContent,
  noticeMail,
  type ReceiptContext,
  type ReceiptEnd,
  receiptMail,
  withdrawalMail,
} from './receiptMail.ts';
import { deriveStatus, effectiveFreezeEnd, type FreezeFact } from './status.ts';
import { contractConcludedOn, withdrawalErrors, withdrawalOutcome } from './withdrawal.ts';

// The cancellation, reactivation, withdrawal and § 312k calls' use cases (ADR 028): the
// server's modules/cancellation/ writes what these decide; the declaration rows' hashes and
// the locks stay with it.

/** The domain's cancellation rules on a loaded membership. */
export function checkMembershipCancellation(
  state: LoadedMembership,
  declared: DeclaredCancellation = { kind: 'ordinary' },
  tooEarly: TooEarlyDate = 'refuse',
): CancellationCheck {
  return checkCancellation({ ...state, bindingMonths: state.product.bindingMonths }, declared, tooEarly);
}

/** GET /v1/membership/cancellation_policy. */
export function cancellationPolicyView(state: LoadedMembership): CancellationPolicy {
  const { earliest, errors } = checkMembershipCancellation(state);
  return {
    cancellation_months: state.operator.cancellationNoticeMonths,
    membership: {
      // Already cancelled: the end date it has; otherwise the one a cancellation today gets.
      calculated_end_date: state.membership.cancelledOn ? state.membership.endDate : earliest,
      errors: refusalItems(state.member, errors),
    },
  };
}

/**
 * The freezes `drop` picks that have not ended or been cancelled, cancelled today with
 * their unbilled fees: those a membership's end leaves no room for.
 */
export function droppedFreezes(
  state: LoadedMembership,
  drop: (freeze: FreezeFact, lastDay: IsoDate) => boolean,
): FreezeDates[] {
  return state.facts.freeze_periods.flatMap((freeze) => {
    const lastDay = effectiveFreezeEnd(freeze);
    return lastDay !== null && lastDay >= state.today && drop(freeze, lastDay)
      ? [{ id: freeze.id, dates: { cancelDate: state.today } }]
      : [];
  });
}

/**
 * A checked cancellation (ADR 004: the dated facts, not a status) with its event. A freeze
 * beginning after the last day can never happen, so it goes. In trial or presale the facts
 * make it end at once: the status says so.
 */
export function cancellationWrite(
  state: LoadedMembership,
  endDate: IsoDate,
  details: Record<string, unknown>,
): { status: MembershipStatus; change: MembershipChange } {
  const status = deriveStatus({ ...state.facts, cancelled_on: state.today, end_date: endDate }, state.today);
  return {
    status,
    change: {
      membership: { cancelledOn: state.today, endDate },
      freezes: droppedFreezes(state, (freeze) => freeze.begin_date > endDate),
      event: { action: 'membership_cancelled', details: { end_date: endDate, status, ...details } },
    },
  };
}

/** The columns of a declaration row that repeat what it said (its identity hash aside). */
export function declarationColumns(operatorId: OperatorId, locale: string, content: DeclarationContent) {
  return {
    operatorId,
    locale,
    kind: content.kind,
    reason: content.reason,
    firstName: content.first_name,
    lastName: content.last_name,
    membershipNumber: content.membership_number,
    email: content.email,
    contract: 'membership',
    effectiveDate: content.effective_date,
    confirmationEmail: content.confirmation_email,
  };
}

export interface MemberCancellation {
  answer: CancellationResult;
  change: MembershipChange;
  /** The declaration to record for support (its identity hash and arrival time aside), or null. */
  declaration: (ReturnType<typeof declarationColumns> & MemberDeclarationOutcome) | null;
  /** What the declaration said, for its identity hash. */
  content: DeclarationContent;
}

interface MemberDeclarationOutcome {
  reference: string;
  source: 'member';
  receivedAt: Date;
  clientIpHash: null;
  outcome: 'applied';
  memberId: string;
  membershipId: string;
  endDate: IsoDate;
}

/** The signed-in cancellation's check across fields, before anything is loaded (400). */
export function checkCancellationRequest(request: CancellationRequest): void {
  if (request.kind === 'extraordinary' && !request.reason)
    throw invalidRequest('body.reason', 'An extraordinary cancellation needs its reason.');
}

/**
 * The signed-in cancellation: the policy's end date, or the later date asked for (§ 312k
 * page). In trial or presale the membership ends today. An extraordinary cancellation gets
 * the earliest ordinary date meanwhile; its reason goes to support with the declaration.
 * `newReference` is asked only when a declaration is recorded.
 */
export function memberCancellation(
  state: LoadedMembership,
  request: CancellationRequest,
  receivedAt: Date,
  newReference: () => string,
): MemberCancellation {
  const kind = request.kind ?? 'ordinary';
  const declared = { kind, effective_date: request.effective_date ?? null };
  const { endDate, errors } = checkMembershipCancellation(state, declared, 'refuse');
  if (errors.length) throw membershipRefusal(state.member, errors);
  const { member, membership, operator } = state;
  // Support's one list of declarations: every one where the public form exists, and
  // every extraordinary one, whose reason support has to check.
  const recorded = operator.publicCancellation || kind === 'extraordinary';
  const reference = recorded ? newReference() : null;
  const written = cancellationWrite(state, endDate, {
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
  const ctx = {
    language: languageOf(member.locale),
    locale: member.locale,
    timezone: operator.timezone,
    receivedAt,
    reference,
  };
  const end = { kind: written.status === 'in_cancellation' ? 'ends' : 'ended', date: endDate } as const;
  return {
    answer: { status: written.status, end_date: endDate, received_at: receivedAt.toISOString() },
    change: {
      // The consent question's answer dates the consent only when it changes it.
      ...(request.gdpr_opt_in !== undefined && request.gdpr_opt_in !== member.gdprOptIn
        ? { consent: request.gdpr_opt_in }
        : {}),
      ...written.change,
      mails: [{ to: content.confirmation_email, mail: receiptMail(ctx, content, end) }],
    },
    content,
    declaration: reference
      ? {
          ...declarationColumns(operator.id, member.locale, content),
          reference,
          source: 'member',
          receivedAt,
          clientIpHash: null,
          outcome: 'applied',
          memberId: member.id,
          membershipId: membership.id,
          endDate,
        }
      : null,
  };
}

/** Takes a cancellation back before its end date: free, on the same terms. */
export function reactivation(state: LoadedMembership): MembershipChange {
  if (state.status !== 'in_cancellation')
    throw membershipRefusal(state.member, [{ type: 'no_cancellation_to_undo' }]);
  return {
    membership: { cancelledOn: null, endDate: null },
    event: { action: 'membership_reactivated', details: { previous_end_date: state.membership.endDate } },
    mails: [{ to: state.member.email, mail: lifecycleMailText(state.member, { kind: 'reactivated' }) }],
  };
}

/**
 * The 14-day withdrawal (§ 356a BGB, Directive (EU) 2023/2673): re-checks the operator and
 * the window, ends the membership today (withdrawalOutcome) and leaves the refund to
 * finance through the event.
 */
export function withdrawal(
  state: LoadedMembership,
  receivedAt: Date,
): { answer: WithdrawalResult; change: MembershipChange } {
  const { operator, member, membership, today } = state;
  const concludedOn = contractConcludedOn(membership.createdAt, operator.timezone);
  const errors = withdrawalErrors(operator, state.status, concludedOn, today);
  if (errors.length) throw membershipRefusal(member, errors);
  const outcome = withdrawalOutcome(state.facts, today);
  const mail = withdrawalMail({
    member,
    membershipNumber: membership.membershipNumber,
    timezone: operator.timezone,
    receivedAt,
    endedOn: today,
    daysUsed: outcome.days_used,
  });
  return {
    answer: { status: outcome.status, end_date: today, received_at: receivedAt.toISOString() },
    change: {
      membership: {
        cancelledOn: outcome.facts.cancelled_on,
        endDate: outcome.facts.end_date,
        withdrawnOn: outcome.facts.withdrawn_on,
      },
      // The contract is undone: no freeze under way or to come is left (nor its fees).
      freezes: droppedFreezes(state, () => true),
      // No money moves here: finance refunds what was paid less the days used (§ 357a BGB).
      event: {
        action: 'membership_withdrawn',
        details: {
          previous_status: state.status,
          status: outcome.status,
          concluded_on: concludedOn,
          end_date: today,
          days_used: outcome.days_used,
          refund: 'paid fees less the value of the days used, by finance',
        },
      },
      mails: [{ to: member.email, mail }],
    },
  };
}

// § 312k BGB without sign-in (ADR 010).

const DAY_MS = 24 * 60 * 60 * 1000;

const invalid = (fields: string[], message: string) =>
  new ApiError(
    400,
    fields.map((field) => ({ type: 'invalid_request', message, context: { field } })),
  );

/**
 * What a public declaration said, after the checks across fields beyond the contract's
 * schema (400 naming the fields as the schema's do).
 */
export function publicDeclarationContent(input: PublicCancellationRequest): DeclarationContent {
  if (input.kind === 'extraordinary' && !input.reason)
    throw invalid(['body.reason'], 'An extraordinary cancellation needs its reason.');
  if (!input.membership_number && !input.email)
    throw invalid(
      ['body.membership_number', 'body.email'],
      'Give the membership number or the e-mail address.',
    );
  return {
    kind: input.kind,
    reason: input.reason ?? null,
    first_name: input.first_name,
    last_name: input.last_name,
    membership_number: input.membership_number || null,
    email: input.email ?? null,
    effective_date: input.effective_date ?? null,
    confirmation_email: input.confirmation_email,
  };
}

/** Since when an identity's public declarations count towards its daily limit. */
export const identityWindowStart = (now: number): Date => new Date(now - DAY_MS);

/**
 * 429 once the identity sent `limit` declarations in the last 24 hours (`recent`: their
 * arrival times in that window, newest first, at most `limit`).
 */
export function checkIdentityLimit(recent: readonly Date[], now: number, limit: number): void {
  const oldestCounted = recent[limit - 1];
  if (oldestCounted) throw rateLimited((oldestCounted.getTime() + DAY_MS - now) / 1000);
}

/** A declaration's outcome, as its row is settled. */
export interface DeclarationSettlement {
  outcome: 'applied' | 'refused' | 'duplicate';
  outcomeReason?: string;
  memberId: string;
  membershipId: string;
  endDate?: IsoDate;
}

/** What a public declaration naming one member decides (publicDeclarationOutcome). */
export interface PublicDeclarationOutcome {
  settlement: DeclarationSettlement;
  change: MembershipChange;
  /** How the receipt to the confirmation address speaks of the end. */
  end: ReceiptEnd;
  /**
   * Whether the receipt goes to the confirmation address: not when that is the e-mail on
   * file and the member has already heard of a declaration today that changed nothing.
   */
  receipt: boolean;
}

/**
 * A public declaration that named exactly one member, on their locked membership: applied
 * through the signed-in cancellation's rules, or a repeat, or refused. Says how the receipt
 * may speak of the end: with the date only when it goes to the e-mail on file; otherwise
 * that address gets its own notice (in `change`).
 *
 * `memberHeardToday`: another public declaration matched this member in the last 24 hours
 * (however it named them). Then one that changes nothing (a duplicate, a refusal) mails the
 * e-mail on file nothing, neither notice nor receipt: a stranger cannot flood a member's
 * inbox by varying what they type. One that cancels always confirms. The answer and a
 * receipt to any other address stay as they are, so this tells the sender nothing (ADR 010).
 */
export function publicDeclarationOutcome(
  state: LoadedMembership,
  input: PublicCancellationRequest,
  ctx: ReceiptContext,
  memberHeardToday = false,
): PublicDeclarationOutcome {
  const declared = { kind: input.kind, effective_date: input.effective_date ?? null };
  const check = checkMembershipCancellation(state, declared, 'earliest');
  const ids = { memberId: state.member.id, membershipId: state.membership.id };
  let settlement: DeclarationSettlement;
  let change: MembershipChange = {};
  let end: ReceiptEnd;
  if (isRepeatedDeclaration(state.status, state.membership.endDate, declared, check.endDate)) {
    end = { kind: 'already', date: state.membership.endDate! };
    settlement = { outcome: 'duplicate', endDate: end.date, ...ids };
  } else if (check.errors.length > 0) {
    end = { kind: 'refused', errors: check.errors };
    settlement = { outcome: 'refused', outcomeReason: check.errors[0]!.type, ...ids };
  } else {
    const written = cancellationWrite(state, check.endDate, {
      source: 'public',
      reference: ctx.reference,
      kind: input.kind,
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.effective_date ? { effective_date: input.effective_date } : {}),
    });
    change = written.change;
    end = { kind: written.status === 'in_cancellation' ? 'ends' : 'ended', date: check.endDate };
    settlement = { outcome: 'applied', endDate: check.endDate, ...ids };
  }
  const quiet = memberHeardToday && settlement.outcome !== 'applied';
  if (state.member.email.toLowerCase() === input.confirmation_email)
    return { settlement, change, end, receipt: !quiet };
  if (quiet) return { settlement, change, end: { kind: 'earliest' }, receipt: true };
  const memberCtx = { ...ctx, language: languageOf(state.member.locale), locale: state.member.locale };
  const notice = noticeMail(memberCtx, state.member.firstName, end, state.operator.supportEmail);
  return {
    settlement,
    change: { ...change, mails: [{ to: state.member.email, mail: notice }] },
    end: { kind: 'earliest' },
    receipt: true,
  };
}
