import { notFound, rateLimited } from '@portal/contract';
import {
  judgePhoneCode,
  languageOf,
  PHONE_CODE_KEEP_MS,
  PHONE_CODE_LENGTH,
  PHONE_CODE_VALIDITY_MINUTES,
  PHONE_CODE_VALIDITY_MS,
  phoneCodeRequest,
  phoneCodeRetryAfter,
  phoneCodeSms,
  prefixList,
  profileChangedMails,
  profileOf,
  profileRefused,
  profileUpdate,
  wrongGuessRefusal,
} from '@portal/domain';
import { afterCommit, defineHandlers } from '../handler.ts';
import type { DemoStore } from '../store.ts';
import { logMembershipChange } from '../membership/events.ts';
import { sendMessage } from '../membership/outbox.ts';
import { loadMembershipState } from '../membership/state.ts';

// The profile calls on the demo's tables: the rules are domain's (profileChanges.ts, ADR 028);
// the codes are a port of the server's verification.ts.

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
    const { to, event } = phoneCodeRequest(state, prefixes, body.mobile);
    const { code, expiresAt } = issueCode(store, state.member.id, to);
    // No SMS leaves the demo: the message waits in store.outbox, where the page shows it.
    sendMessage(store, state.operator, state.member.id, {
      to,
      text: phoneCodeSms(state.operator, state.member.locale, code, PHONE_CODE_VALIDITY_MINUTES),
    });
    logMembershipChange(store, state, event.action, event.details);
    return { code: '', code_expiry: expiresAt.toISOString() };
  },

  async updateProfile({ store, auth, body }) {
    const prefixes = await prefixList(auth.operatorId);
    const state = loadMembershipState(store, auth.memberId);
    const { member, operator } = state;
    const update = profileUpdate(state, prefixes, body);
    if (update.verify) {
      const refusal = checkCode(store, member.id, update.verify, body.verification_code);
      // The counted guess stays, as the server commits it before refusing.
      if (refusal) throw afterCommit(profileRefused(refusal, languageOf(member.locale)));
    }
    if (update.changed.length === 0) return profileOf(member);
    const index = store.tables.members.findIndex((m) => m.id === member.id);
    if (index < 0) throw notFound('No member.');
    const saved = { ...update.after, updatedAt: store.now() };
    store.tables.members[index] = saved;
    logMembershipChange(store, state, update.event.action, update.event.details);
    for (const mail of profileChangedMails(operator, member, saved, update.changed)) {
      sendMessage(store, operator, member.id, mail);
    }
    return profileOf(saved);
  },
});
