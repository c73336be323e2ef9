import { type CancellationResult, notFound, type PublicCancellationRequest } from '@portal/contract';
import {
  cancellationPolicyView,
  checkCancellationRequest,
  checkIdentityLimit,
  type DeclarationContent,
  getOperator,
  identityWindowStart,
  languageOf,
  memberCancellation,
  publicDeclarationContent,
  publicDeclarationOutcome,
  type ReceiptContext,
  type ReceiptEnd,
  reactivation,
  receiptMail,
  withdrawal,
} from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import {
  declarationFields,
  identityHash,
  identifyMember,
  insertDeclaration,
  memberMatchedSince,
  newReference,
  recentArrivals,
  settleDeclaration,
} from '../lifecycle/declarations.ts';
import { applyChange } from '../membership/change.ts';
import { sendBrandedMail } from '../membership/outbox.ts';
import { loadMembershipState } from '../membership/state.ts';
import type { DemoStore } from '../store.ts';

// The cancellation, reactivation, withdrawal and public cancellation (§ 312k BGB) calls on
// the demo's tables: the rules are domain's (cancellationChanges.ts, ADR 028), which the
// server's modules/cancellation/ write too.

/**
 * The server's settings (config.ts defaults). Left out on purpose: the per-address limit
 * and the minimum answer time. The demo has one visitor in their own browser, whose
 * address is no one's to count, and its data sits in that browser already: a timing
 * difference there tells nobody anything the form must hide (ADR 010's concern is a
 * stranger probing the real server). The per-identity limit stays, as it is a rule on
 * the stored declarations a visitor can run into.
 */
const PER_IDENTITY_PER_DAY = 3;

/** 429 once the identity sent its share of public declarations in the last 24 hours. */
function assertIdentityAllowed(store: DemoStore, identity: string): Date {
  const now = store.now().getTime();
  const recent = recentArrivals(store, identity, identityWindowStart(now), PER_IDENTITY_PER_DAY);
  checkIdentityLimit(recent, now, PER_IDENTITY_PER_DAY);
  return new Date(now);
}

/**
 * Matches and applies (domain publicDeclarationOutcome); says how the receipt may speak of
 * the end, or null when no receipt goes out (the member heard of one today).
 */
function resolve(
  store: DemoStore,
  declarationId: string,
  input: PublicCancellationRequest,
  content: DeclarationContent,
  ctx: ReceiptContext,
  arrivedAt: Date,
): ReceiptEnd | null {
  const match = identifyMember(store, input.operator_id, content);
  if (match.memberId === null) {
    settleDeclaration(store, declarationId, { outcome: 'unmatched', outcomeReason: match.reason });
    return { kind: 'earliest' };
  }
  const state = loadMembershipState(store, match.memberId);
  const heard = memberMatchedSince(store, match.memberId, identityWindowStart(arrivedAt.getTime()));
  const { settlement, change, end, receipt } = publicDeclarationOutcome(state, input, ctx, heard);
  applyChange(store, state, change);
  settleDeclaration(store, declarationId, settlement);
  return receipt ? end : null;
}

export const cancellationHandlers = defineHandlers({
  cancellationPolicy: ({ store, auth }) => cancellationPolicyView(loadMembershipState(store, auth.memberId)),

  cancel: async ({ store, auth, body }): Promise<CancellationResult> => {
    checkCancellationRequest(body);
    const receivedAt = store.now();
    const state = loadMembershipState(store, auth.memberId);
    const decided = memberCancellation(state, body, receivedAt, () => newReference(state.operator.id));
    applyChange(store, state, decided.change);
    if (decided.declaration) {
      insertDeclaration(store, {
        ...decided.declaration,
        identityHash: await identityHash(state.operator.id, decided.content),
        arrivedAt: store.now(),
      });
    }
    return decided.answer;
  },

  reactivate: ({ store, auth }) => {
    const state = loadMembershipState(store, auth.memberId);
    applyChange(store, state, reactivation(state));
    return undefined;
  },

  withdrawal: ({ store, auth }) => {
    const receivedAt = store.now();
    const state = loadMembershipState(store, auth.memberId);
    const { answer, change } = withdrawal(state, receivedAt);
    applyChange(store, state, change);
    return answer;
  },

  /**
   * § 312k BGB without sign-in: every declaration is recorded first; one that names
   * exactly one member is applied through the signed-in cancellation's rules. The answer
   * is the same whatever happened.
   */
  publicCancellation: async ({ store, body: input }) => {
    const operator = getOperator(input.operator_id);
    if (!operator.publicCancellation) throw notFound('This operator has no cancellation form.');
    const content = publicDeclarationContent(input);
    const fields = await declarationFields(input.operator_id, input.locale, content);
    const arrivedAt = assertIdentityAllowed(store, fields.identityHash);
    const receivedAt = store.now();
    const reference = newReference(input.operator_id);
    const automated = Boolean(input.website?.trim());
    // The demo knows no client address, so it keeps none (the server keeps its keyed hash).
    const row = {
      ...fields,
      reference,
      source: 'public',
      website: input.website ?? null,
      receivedAt,
      arrivedAt,
      clientIpHash: null,
      outcome: automated ? 'automated' : 'unmatched',
      outcomeReason: automated ? 'honeypot' : null,
    } as const;
    const ctx: ReceiptContext = {
      language: languageOf(input.locale),
      locale: input.locale,
      timezone: operator.timezone,
      receivedAt,
      reference,
    };
    // The server's transaction: what a failure half-wrote goes (docs/security.md, R1).
    const before = structuredClone({ tables: store.tables, outbox: store.outbox });
    try {
      // Recorded before anything is matched or decided, so no declaration is ever lost.
      const id = insertDeclaration(store, row);
      // A filled honeypot gets no e-mail: the form must not mail whatever address a bot enters.
      if (!automated) {
        const end = resolve(store, id, input, content, ctx, arrivedAt);
        if (end)
          sendBrandedMail(store, operator, input.confirmation_email, receiptMail(ctx, content, end), null);
      }
    } catch (error) {
      // Whatever failed: recorded as failed and confirmed as one naming nobody is, as the server does.
      Object.assign(store, before);
      const outcomeReason = error instanceof Error ? error.constructor.name : typeof error;
      insertDeclaration(store, { ...row, outcome: 'failed', outcomeReason });
      if (!automated) {
        const receipt = receiptMail(ctx, content, { kind: 'earliest' });
        sendBrandedMail(store, operator, input.confirmation_email, receipt, null);
      }
    }
    return { reference, received_at: receivedAt.toISOString(), contract: input.contract, ...content };
  },
});
