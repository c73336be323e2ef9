import { passwordCheckFailed, ruleViolation } from '@portal/contract';
import { getOperator, languageOf, RESET_TOKEN_TTL_MS, resetMail, SESSION_TTL_MS } from '@portal/domain';
import { DEMO_PASSWORD_HASH } from '../data/seed.ts';
import { DEMO_PASSWORD } from '../data/seed-data.ts';
import { defineHandlers } from '../handler.ts';
import type { DemoStore } from '../store.ts';

/*
 * Port of the server's modules/auth/service.ts. What the demo leaves out: the sign-in
 * limits (no failures are counted, nothing is slowed down or refused with 429) and the
 * background job of a reset (the demo does its work at once; the answer is the same 204).
 */

const normalize = (username: string) => username.trim().toLowerCase();

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

/**
 * The demo's stand-in for argon2 (ADR 024): the seeded members sign in with the public
 * DEMO_PASSWORD; a password set in the demo is kept as its sha256, never as typed.
 */
const demoPasswordHash = async (password: string) => `sha256:${await sha256(password)}`;

async function passwordMatches(stored: string, password: string): Promise<boolean> {
  if (stored === DEMO_PASSWORD_HASH) return password === DEMO_PASSWORD;
  return stored === (await demoPasswordHash(password));
}

const invalidResetToken = () =>
  ruleViolation('invalid_reset_token', 'The link is no longer valid. Request a new one.');

/** Where the demo app runs: the request's URL up to its API path (the demo may live below a base path). */
function appRoot(request: Request): string {
  const url = request.url;
  const api = url.indexOf('/api/');
  return api >= 0 ? url.slice(0, api) : new URL(url).origin;
}

function endSessionsOf(store: DemoStore, memberId: string): void {
  for (const [token, session] of store.sessions) {
    if (session.memberId === memberId) store.sessions.delete(token);
  }
}

export const authHandlers = defineHandlers({
  /** Signs in, or answers the identical 401 for an unknown user and a wrong password. */
  async authenticate({ store, body }) {
    const username = normalize(body.username);
    const member = store.tables.members.find(
      (m) => m.operatorId === body.operator_id && m.username === username,
    );
    if (!member || !(await passwordMatches(member.passwordHash, body.password))) throw passwordCheckFailed();
    const token = newToken();
    store.sessions.set(token, { memberId: member.id, operatorId: body.operator_id });
    const expiresAt = new Date(store.now().getTime() + SESSION_TTL_MS);
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
    const operator = getOperator(body.operator_id);
    const token = newToken();
    const now = store.now();
    store.tables.passwordResetTokens.push({
      id: crypto.randomUUID(),
      tokenHash: await sha256(token),
      memberId: member.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      usedAt: null,
    });
    const texts = resetMail[languageOf(member.locale)];
    const link = `${appRoot(request)}/password/update?token=${token}`;
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
  async updatePassword({ store, body }) {
    const hash = await sha256(body.token);
    const now = store.now();
    const found = store.tables.passwordResetTokens.find((t) => t.tokenHash === hash);
    const member = found && store.tables.members.find((m) => m.id === found.memberId);
    if (!found || !member || member.operatorId !== body.operator_id || found.usedAt || found.expiresAt <= now)
      throw invalidResetToken();
    for (const t of store.tables.passwordResetTokens) {
      if (t.memberId === member.id && t.usedAt === null) t.usedAt = now;
    }
    member.passwordHash = await demoPasswordHash(body.password);
    member.updatedAt = now;
    endSessionsOf(store, member.id);
  },
});
