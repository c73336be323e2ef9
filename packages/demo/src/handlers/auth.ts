import { demoPortal } from '../portal.ts';
import { passwordCheckFailed, ruleViolation } from '@portal/contract';
import {
  deviceLabel,
  formatDateTimeIn,
  getOperator,
  languageOf,
  newPasswordProblem,
  normalizePassword,
  passwordRefusals,
  passwordResetNoticeMail,
  RESET_TOKEN_TTL_MS,
  localizedRefusal,
  resetMail,
  SESSION_TTL_MS,
} from '@portal/domain';
import { demoPasswordHash, demoPasswordMatches } from '../password.ts';
import { defineHandlers } from '../handler.ts';
import type { DemoStore } from '../store.ts';

/*
 * Port of the server's modules/auth/service.ts. What the demo leaves out: the sign-in
 * limits (no failures are counted, nothing is slowed down or refused with 429) and the
 * background job of a reset (the demo does its work at once; the answer is the same 204).
 */

const normalize = (username: string) => username.trim().toLowerCase();

/** As the server's RESET_MAILS_PER_MEMBER (modules/auth/service.ts). */
const RESET_MAILS_PER_MEMBER = 3;

/** An opaque token as the server makes them: 32 random bytes, base64url. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** sha256 (hex), as the server stores reset tokens (and the demo a password someone sets). */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const invalidResetToken = () =>
  ruleViolation('invalid_reset_token', 'The link is no longer valid. Request a new one.');

function endSessionsOf(store: DemoStore, memberId: string): void {
  for (const [token, session] of store.sessions) {
    if (session.memberId === memberId) store.sessions.delete(token);
  }
}

export const authHandlers = defineHandlers({
  /** Signs in, or answers the identical 401 for an unknown user and a wrong password. */
  async authenticate({ store, body, request }) {
    const username = normalize(body.username);
    const member = store.tables.members.find(
      (m) => m.operatorId === body.operator_id && m.username === username,
    );
    if (!member || !(await demoPasswordMatches(member.passwordHash, body.password)))
      throw passwordCheckFailed();
    const token = newToken();
    const createdAt = store.now();
    const expiresAt = new Date(createdAt.getTime() + SESSION_TTL_MS);
    // Its times as the server's sessions row keeps them (the data export lists them).
    store.sessions.set(token, {
      memberId: member.id,
      operatorId: body.operator_id,
      createdAt,
      expiresAt,
      id: crypto.randomUUID(),
      device: deviceLabel(request.headers.get('user-agent')),
      lastSeenAt: createdAt,
    });
    return { token, expires_at: expiresAt.toISOString() };
  },

  signOut({ store, auth }) {
    store.sessions.delete(auth.sessionId);
  },

  /**
   * 204 whatever the username; a known member gets the single-use link by e-mail (into
   * store.outbox, with the server's text), linking to this demo.
   */
  async resetPassword({ store, body, request }) {
    const member = store.tables.members.find(
      (m) => m.operatorId === body.operator_id && m.username === normalize(body.username),
    );
    if (!member) return;
    const now = store.now();
    // At most RESET_MAILS_PER_MEMBER links per member within a link's lifetime, as the server's job.
    const since = now.getTime() - RESET_TOKEN_TTL_MS;
    const recent = store.tables.passwordResetTokens.filter(
      (t) => t.memberId === member.id && t.createdAt.getTime() > since,
    );
    if (recent.length >= RESET_MAILS_PER_MEMBER) return;
    const operator = getOperator(body.operator_id);
    const token = newToken();
    store.tables.passwordResetTokens.push({
      id: crypto.randomUUID(),
      tokenHash: await sha256(token),
      memberId: member.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      usedAt: null,
    });
    const texts = resetMail[languageOf(member.locale)];
    // The page's own route (a hash route in the static build), as the server links its origin.
    const link = demoPortal(request).route(`/password/update?token=${token}`);
    store.outbox.push({
      channel: 'email',
      to: member.email,
      subject: texts.subject(operator.brand),
      body: texts.body({ firstName: member.firstName, brand: operator.brand, link }),
      memberId: member.id,
      createdAt: now,
    });
  },

  /** Sets a new password with a reset token (once), and signs the member out everywhere. */
  async updatePassword({ store, body, request }) {
    const hash = await sha256(body.token);
    const now = store.now();
    const found = store.tables.passwordResetTokens.find((t) => t.tokenHash === hash);
    const member = found && store.tables.members.find((m) => m.id === found.memberId);
    if (!found || !member || member.operatorId !== body.operator_id || found.usedAt || found.expiresAt <= now)
      throw invalidResetToken();
    // The length rule only: the breached-password list stays on the server (docs/demo.md).
    const problem = newPasswordProblem(body.password, 'password', () => false);
    if (problem) throw localizedRefusal(passwordRefusals, member.locale, [problem]);
    for (const t of store.tables.passwordResetTokens) {
      if (t.memberId === member.id && t.usedAt === null) t.usedAt = now;
    }
    member.passwordHash = await demoPasswordHash(normalizePassword(body.password));
    member.updatedAt = now;
    endSessionsOf(store, member.id);
    const operator = getOperator(member.operatorId);
    const texts = passwordResetNoticeMail[languageOf(member.locale)];
    store.outbox.push({
      channel: 'email',
      to: member.email,
      subject: texts.subject(operator.brand),
      body: texts.body({
        firstName: member.firstName,
        brand: operator.brand,
        at: formatDateTimeIn(now, member.locale, operator.timezone),
        supportEmail: operator.supportEmail,
        link: demoPortal(request).route('/password/reset'),
      }),
      memberId: member.id,
      createdAt: now,
    });
  },
});
