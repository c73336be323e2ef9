import {
  type AuthenticateRequest,
  type AuthenticateResponse,
  OperatorId,
  type ResetRequest,
  type UpdatePasswordRequest,
} from '@portal/contract';
import {
  acceptedLanguages,
  deviceLabel,
  formatDateTimeIn,
  getOperator,
  languageOf,
  offeredLocale,
  passwordResetNoticeMail,
  RESET_TOKEN_TTL_MS,
  resetMail,
  signInNoticeMail,
} from '@portal/domain';
import { z } from 'zod';
import type { Tx } from '../../db/executor.ts';
import type { AppDeps } from '../../deps.ts';
import { passwordCheckFailed, ruleViolation } from '../../http/errors.ts';
import { defaultOrigin, linkOrigin, portalPage } from '../../http/origins.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { acceptNewPassword } from './breached-passwords.ts';
import { newToken, tokenHash, verifyDummy, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';
import { createSignInLimiter, pairKey, SIGN_IN_NOTICE_JOB, usernameKey } from './sign-in-limiter.ts';
import { randomUUID } from '../../platform/crypto.ts';

export { RESET_TOKEN_TTL_MS };

/**
 * Reset links a member is sent within RESET_TOKEN_TTL_MS at most, from any number of
 * addresses (docs/security.md, R8); further requests answer the same 204 and send nothing.
 */
export const RESET_MAILS_PER_MEMBER = 3;

/** A session's last use is written at most this often (docs/club-consents-account.md). */
export const SESSION_SEEN_EVERY_MS = 5 * 60 * 1000;

/** The job behind POST /auth/reset: everything that depends on whether the username exists. */
export const PASSWORD_RESET_JOB = 'password_reset';
const ResetJob = z.object({ operator_id: OperatorId, username: z.string(), url: z.string() });
const NoticeJob = z.object({
  operator_id: OperatorId,
  username: z.string(),
  failures: z.number().int(),
  window_minutes: z.number().int(),
});

const invalidResetToken = () =>
  ruleViolation('invalid_reset_token', 'The link is no longer valid. Request a new one.');

export function createAuthService(deps: AppDeps) {
  const { db, clock, config, mailer, jobs, passwords } = deps;
  const limiter = createSignInLimiter(db, config.signInLimits, deps.wallClock, jobs);
  const normalize = (username: string) => username.trim().toLowerCase();
  const findLiveSession = repo.prepareFindLiveSession(db);

  /** A known user gets a single-use link by e-mail; an unknown one nothing. Runs after answering. */
  async function sendResetLink(tx: Tx, payload: Record<string, unknown>): Promise<void> {
    const job = ResetJob.safeParse(payload);
    if (!job.success) return;
    const { operator_id, username, url } = job.data;
    const member = await repo.findMemberByUsername(tx, operator_id, username);
    if (!member) return;
    const now = clock.now();
    // Under the member's row lock, so two jobs for one member never both see room for a link.
    await repo.lockMember(tx, member.id);
    const recent = await repo.resetTokensSince(tx, member.id, new Date(now.getTime() - RESET_TOKEN_TTL_MS));
    if (recent >= RESET_MAILS_PER_MEMBER) return;
    const operator = getOperator(operator_id);
    const token = newToken();
    const link = portalPage(linkOrigin(operator_id, url, config), `/password/update?token=${token}`, config);
    const texts = resetMail[languageOf(member.locale)];
    await repo.insertResetToken(tx, {
      id: randomUUID(),
      tokenHash: tokenHash(token),
      memberId: member.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      usedAt: null,
    });
    await mailer.send(tx, {
      operatorId: operator.id,
      to: member.email,
      subject: texts.subject(operator.brand),
      text: texts.body({ firstName: member.firstName, brand: operator.brand, link }),
    });
  }

  /** Tells a member of many failed sign-ins on their username (ADR 005), in their language. */
  async function sendSignInNotice(tx: Tx, payload: Record<string, unknown>): Promise<void> {
    const job = NoticeJob.safeParse(payload);
    if (!job.success) return;
    const { operator_id, username, failures, window_minutes } = job.data;
    const member = await repo.findMemberByUsername(tx, operator_id, username);
    if (!member) return;
    const operator = getOperator(operator_id);
    const texts = signInNoticeMail[languageOf(member.locale)];
    const link = portalPage(defaultOrigin(operator_id, config), '/password/reset', config);
    await mailer.send(tx, {
      operatorId: operator.id,
      to: member.email,
      subject: texts.subject(operator.brand),
      text: texts.body({
        firstName: member.firstName,
        brand: operator.brand,
        failures,
        minutes: window_minutes,
        link,
      }),
    });
  }

  jobs.handle(PASSWORD_RESET_JOB, sendResetLink);
  jobs.handle(SIGN_IN_NOTICE_JOB, sendSignInNotice);

  return {
    /**
     * Signs in, or answers the identical 401 for an unknown user and a wrong password.
     * Only the address is ever refused (429); failures on the username from elsewhere
     * slow it down a little but never lock its member out (ADR 005).
     */
    async authenticate(
      input: AuthenticateRequest,
      ip: string,
      userAgent?: string,
    ): Promise<AuthenticateResponse> {
      const username = normalize(input.username);
      const keys = limiter.keysFor(input.operator_id, username, ip);
      // Counted before the password is checked: of attempts sent at once, no more than the
      // address's limits get past this line (docs/security.md, R7).
      const attempt = await limiter.reserveSignIn(keys);
      await limiter.slowDown(keys);

      const member = await repo.findMemberByUsername(db, input.operator_id, username);
      let ok = false;
      if (member) ok = await verifyPassword(passwords, member.passwordHash, input.password);
      else await verifyDummy(passwords, input.password);
      if (!member || !ok) {
        await limiter.recordSignInFailure(keys, { operatorId: input.operator_id, username });
        deps.metrics.signInFailures.inc({ operator: input.operator_id });
        throw passwordCheckFailed();
      }

      const token = newToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + config.sessionTtlMs);
      await db.transaction(async (tx) => {
        await repo.insertSession(tx, {
          id: randomUUID(),
          tokenHash: tokenHash(token),
          memberId: member.id,
          createdAt: now,
          expiresAt,
          revokedAt: null,
          lastSeenAt: now,
          device: deviceLabel(userAgent),
        });
        // The right password clears this address's count for the username; the username's
        // own count (someone else's failures) runs out with the window. This attempt was no failure.
        await repo.deleteFailures(tx, [keys.pair.key]);
        await limiter.release(tx, attempt);
      });
      return { token, expires_at: expiresAt.toISOString() };
    },

    /**
     * A read that checks the session itself (joined into its own query, one round trip for
     * both): given the token's hash and the instant, it answers null when the session is
     * unknown, expired or revoked.
     */
    resolveWith<T>(token: string, read: (hash: string, now: Date) => Promise<T | null>): Promise<T | null> {
      return read(tokenHash(token), clock.now());
    },

    /** The member behind a bearer token, or null when it is unknown, expired or revoked. */
    async resolve(token: string): Promise<AuthContext | null> {
      const now = clock.now();
      const session = await findLiveSession(tokenHash(token), now);
      if (!session) return null;
      // The devices list's "last used", written at most every few minutes (GET /v2/membership,
      // answered from its cache, does not write it).
      const stale = new Date(now.getTime() - SESSION_SEEN_EVERY_MS);
      if (session.lastSeenAt < stale) await repo.touchSession(db, session.id, now, stale);
      return {
        sessionId: session.id,
        memberId: session.memberId,
        operatorId: session.operatorId as AuthContext['operatorId'],
      };
    },

    async signOut(auth: AuthContext): Promise<void> {
      await db.transaction((tx) => repo.revokeSession(tx, auth.sessionId, clock.now()));
    },

    /**
     * Always 204, at once and alike for every username: the request only queues the job
     * (one row, the same work whatever the username); the lookup, the token and the mail
     * happen after the answer (docs/security.md, finding 2).
     */
    async requestReset(input: ResetRequest): Promise<void> {
      await jobs.enqueue(db, PASSWORD_RESET_JOB, {
        operator_id: input.operator_id,
        username: normalize(input.username),
        url: input.url,
      });
      jobs.kick();
    },

    /** Sets a new password with a reset token (once), and signs the member out everywhere. */
    async updatePassword(input: UpdatePasswordRequest, ip: string, acceptLanguage?: string): Promise<void> {
      const hash = tokenHash(input.token);
      const found = await repo.findResetToken(db, hash);
      const now = clock.now();
      if (!found || found.operatorId !== input.operator_id || found.usedAt || found.expiresAt <= now) {
        throw invalidResetToken();
      }
      // The refusal is an answer: in the language of the page the member typed into, else
      // theirs. The mails stay in the member's stored language (docs/architecture.md).
      const answerLocale =
        offeredLocale(
          getOperator(found.operatorId as OperatorId).locales,
          acceptedLanguages(acceptLanguage),
        ) ?? found.locale;
      const password = await acceptNewPassword(input.password, 'password', answerLocale);
      const passwordHash = await passwords.hash(password);
      const operator = getOperator(found.operatorId);
      await db.transaction(async (tx) => {
        if (!(await repo.useResetToken(tx, found.id, now))) throw invalidResetToken();
        await repo.useAllResetTokens(tx, found.memberId, now);
        await repo.updatePasswordHash(tx, found.memberId, passwordHash, now);
        await repo.revokeMemberSessions(tx, found.memberId, now);
        // The member proved their mailbox: no delay any more, and this address may sign in.
        await repo.deleteFailures(tx, [
          usernameKey(found.operatorId, found.username),
          pairKey(found.operatorId, found.username, ip),
        ]);
        // The member hears of it, so a reset by someone reading their mail does not go unnoticed.
        const texts = passwordResetNoticeMail[languageOf(found.locale)];
        await mailer.send(tx, {
          operatorId: operator.id,
          to: found.email,
          subject: texts.subject(operator.brand),
          text: texts.body({
            firstName: found.firstName,
            brand: operator.brand,
            at: formatDateTimeIn(now, found.locale, operator.timezone),
            supportEmail: operator.supportEmail,
            link: portalPage(defaultOrigin(operator.id, config), '/password/reset', config),
          }),
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
