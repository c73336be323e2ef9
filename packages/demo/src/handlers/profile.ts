import { ApiError, type Language, notFound, type PhonePrefix, rateLimited } from '@portal/contract';
import {
  canChangeMobile,
  changedParts,
  checkMobile,
  checkProfile,
  judgePhoneCode,
  languageOf,
  mobileChanged,
  needsPhoneVerification,
  normalizeProfile,
  PHONE_CODE_KEEP_MS,
  PHONE_CODE_LENGTH,
  PHONE_CODE_VALIDITY_MINUTES,
  PHONE_CODE_VALIDITY_MS,
  type ProfileIssue,
  type ProfileRefusal,
  phoneCodeRetryAfter,
  phoneCodeSms,
  prefixList,
  profileChangedMails,
  profileIssueItems,
  profileOf,
  profileRefusalItem,
  splitInternational,
  toE164,
  wrongGuessRefusal,
} from '@portal/domain';
import { afterCommit, defineHandlers } from '../handler.ts';
import type { DemoStore } from '../store.ts';
import { logMembershipChange } from '../membership/events.ts';
import { sendMessage } from '../membership/outbox.ts';
import { loadMembershipState, type MemberRow, type MembershipState } from '../membership/state.ts';

// Ports of the server's modules/profile (service.ts, verification.ts) onto the demo's tables.

const invalidFields = (issues: readonly ProfileIssue[], language: Language, field?: string) =>
  new ApiError(400, profileIssueItems(issues, language, field));

const refused = (refusal: ProfileRefusal, language: Language) =>
  new ApiError(422, [profileRefusalItem(refusal, language)]);

const rulesFor = (state: MembershipState, prefixes: readonly PhonePrefix[]) => ({
  prefixes,
  requirePhoneVerification: state.product.requirePhoneVerification,
  current: { prefix: state.member.mobilePrefix, number: state.member.mobileNumber },
  phoneChangeViaSupport: state.operator.phoneChangeViaSupport,
});

function newCode(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(n! % 10 ** PHONE_CODE_LENGTH).padStart(PHONE_CODE_LENGTH, '0');
}

/**
 * A code for `mobile` (E.164), with the server's send limits, pruning and expiry. The demo
 * has one clock (the server counts sends on the wall clock, expiries on the portal clock:
 * in the browser both are the real time). The row keeps the code itself where the server
 * keeps a salted hash: the demo shows the code anyway (store.outbox), and no export or
 * answer carries this field.
 */
function issueCode(store: DemoStore, memberId: string, mobile: string) {
  const now = store.now();
  const rows = store.tables.phoneVerifications;
  const sends = (match: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(match).map((r) => r.createdAt.getTime());
  const retryAfter = phoneCodeRetryAfter(
    sends((r) => r.memberId === memberId),
    sends((r) => r.mobile === mobile),
    now.getTime(),
  );
  if (retryAfter > 0) throw rateLimited(retryAfter);
  store.tables.phoneVerifications = rows.filter(
    (r) => r.createdAt.getTime() >= now.getTime() - PHONE_CODE_KEEP_MS,
  );
  for (const r of store.tables.phoneVerifications) {
    if (r.memberId === memberId && r.usedAt === null && r.expiresAt > now) r.expiresAt = now;
  }
  const code = newCode();
  const expiresAt = new Date(now.getTime() + PHONE_CODE_VALIDITY_MS);
  store.tables.phoneVerifications.push({
    id: crypto.randomUUID(),
    memberId,
    mobile,
    codeHash: code,
    attempts: 0,
    createdAt: now,
    expiresAt,
    usedAt: null,
  });
  return { code, expiresAt };
}

/** The member's newest code for the number, judged by domain's rule; a wrong guess is counted. */
function checkCode(store: DemoStore, memberId: string, mobile: string, typed: string | undefined) {
  const row = store.tables.phoneVerifications
    .filter((r) => r.memberId === memberId && r.mobile === mobile)
    .sort(
      (a, b) =>
        b.expiresAt.getTime() - a.expiresAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime(),
    )[0];
  const now = store.now();
  const verdict = judgePhoneCode(typed, row, now, () => row!.codeHash === typed);
  if (verdict.ok) {
    row!.usedAt = now;
    return null;
  }
  if ('refusal' in verdict) return verdict.refusal;
  row!.attempts += 1;
  return wrongGuessRefusal(row!.attempts);
}

export const profileHandlers = defineHandlers({
  phonePrefixes: ({ auth }) => prefixList(auth.operatorId),

  async verifyPhone({ store, auth, body }) {
    const prefixes = await prefixList(auth.operatorId);
    const state = loadMembershipState(store, auth.memberId);
    const language = languageOf(state.member.locale);
    if (!canChangeMobile(state.operator)) {
      throw refused(
        { type: 'phone_change_via_support', support_email: state.operator.supportEmail },
        language,
      );
    }
    if (!state.product.requirePhoneVerification)
      throw refused({ type: 'phone_verification_not_required' }, language);
    const mobile = splitInternational(body.mobile, prefixes);
    const issues = mobile
      ? checkMobile(mobile, rulesFor(state, prefixes))
      : [{ field: 'mobile.prefix', type: 'invalid_prefix' } as const];
    if (!mobile || issues.length > 0) throw invalidFields(issues, language, 'body.mobile');

    const to = toE164(mobile);
    const { code, expiresAt } = issueCode(store, state.member.id, to);
    // No SMS leaves the demo: the message waits in store.outbox, where the page shows it.
    sendMessage(store, state.operator, state.member.id, {
      to,
      text: phoneCodeSms(state.operator, state.member.locale, code, PHONE_CODE_VALIDITY_MINUTES),
    });
    logMembershipChange(store, state, 'phone_verification_sent', {
      prefix: mobile.prefix,
      number_ending: mobile.number.slice(-2),
    });
    return { code: '', code_expiry: expiresAt.toISOString() };
  },

  async updateProfile({ store, auth, body }) {
    const prefixes = await prefixList(auth.operatorId);
    const state = loadMembershipState(store, auth.memberId);
    const { member, operator, product } = state;
    const language = languageOf(member.locale);
    const rules = rulesFor(state, prefixes);
    const next = normalizeProfile(body);
    const issues = checkProfile(next, rules);
    if (issues.length > 0) throw invalidFields(issues, language);
    const newMobile = mobileChanged(rules.current, next.mobile);
    if (newMobile && !canChangeMobile(operator)) {
      throw refused({ type: 'phone_change_via_support', support_email: operator.supportEmail }, language);
    }
    const verify = needsPhoneVerification(rules.current, next.mobile, product.requirePhoneVerification);
    if (verify) {
      const refusal = checkCode(store, member.id, toE164(next.mobile), body.verification_code);
      // The counted guess stays, as the server commits it before refusing.
      if (refusal) throw afterCommit(refused(refusal, language));
    }

    const after: MemberRow = {
      ...member,
      email: next.email,
      street: next.address.street,
      postalCode: next.address.postal_code,
      postalLocation: next.address.postal_location,
      country: next.address.country ?? member.country,
      mobilePrefix: next.mobile.prefix,
      mobileNumber: next.mobile.number,
    };
    const changed = changedParts(member, after);
    if (changed.length === 0) return profileOf(member);
    const index = store.tables.members.findIndex((m) => m.id === member.id);
    if (index < 0) throw notFound('No member.');
    const saved = { ...after, updatedAt: store.now() };
    store.tables.members[index] = saved;
    // Which parts changed, never their values: the event log is read by support.
    logMembershipChange(store, state, 'profile_updated', { changed, mobile_verified: verify });
    for (const mail of profileChangedMails(operator, member, saved, changed)) {
      sendMessage(store, operator, member.id, mail);
    }
    return profileOf(saved);
  },
});
