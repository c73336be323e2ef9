import { randomUUID } from 'node:crypto';
import type {
  AuthenticateRequest,
  AuthenticateResponse,
  ResetRequest,
  UpdatePasswordRequest,
} from '@portal/contract';
import { getOperator, languageOf } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { passwordCheckFailed, ruleViolation } from '../../http/errors.ts';
import { linkOrigin } from '../../http/origins.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { resetMail } from './mail-texts.ts';
import { hashPassword, newToken, tokenHash, verifyDummy, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const invalidResetToken = () =>
  ruleViolation('invalid_reset_token', 'The link is no longer valid. Request a new one.');

export function createAuthService(deps: AppDeps) {
  const { db, clock, config, mailer } = deps;
  const limiter = createSignInLimiter(db, config.signInLimits, deps.wallClock);
  const normalize = (username: string) => username.trim().toLowerCase();
  const findLiveSession = repo.prepareFindLiveSession(db);

  return {
    async authenticate(input: AuthenticateRequest, ip: string): Promise<AuthenticateResponse> {
      const username = normalize(input.username);
      const keys = limiter.keysFor(input.operator_id, username, ip);
      await limiter.assertAllowed(keys);

      const member = await repo.findMemberByUsername(db, input.operator_id, username);
      let ok = false;
      if (member) ok = await verifyPassword(member.passwordHash, input.password);
      else await verifyDummy(input.password);
      if (!member || !ok) {
        await limiter.recordFailure(keys);
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
        });
        // A correct password resets the username's failure count (not the IP's).
        await repo.deleteFailures(tx, [keys[0]!.key]);
      });
      return { token, expires_at: expiresAt.toISOString() };
    },

    /** The member behind a bearer token, or null when it is unknown, expired or revoked. */
    async resolve(token: string): Promise<AuthContext | null> {
      const session = await findLiveSession(tokenHash(token), clock.now());
      if (!session) return null;
      return {
        sessionId: session.id,
        memberId: session.memberId,
        operatorId: session.operatorId as AuthContext['operatorId'],
      };
    },

    async signOut(auth: AuthContext): Promise<void> {
      await db.transaction((tx) => repo.revokeSession(tx, auth.sessionId, clock.now()));
    },

    /** Always succeeds for the caller; a known user gets a single-use link by e-mail. */
    async requestReset(input: ResetRequest): Promise<void> {
      const member = await repo.findMemberByUsername(db, input.operator_id, normalize(input.username));
      if (!member) return;
      const operator = getOperator(input.operator_id);
      const token = newToken();
      const now = clock.now();
      const link = `${linkOrigin(input.operator_id, input.url, config)}/password/update?token=${token}`;
      const texts = resetMail[languageOf(member.locale)];
      await db.transaction(async (tx) => {
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
      });
    },

    /** Sets a new password with a reset token (once), and signs the member out everywhere. */
    async updatePassword(input: UpdatePasswordRequest): Promise<void> {
      const hash = tokenHash(input.token);
      const found = await repo.findResetToken(db, hash);
      const now = clock.now();
      if (!found || found.operatorId !== input.operator_id || found.usedAt || found.expiresAt <= now) {
        throw invalidResetToken();
      }
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        if (!(await repo.useResetToken(tx, found.id, now))) throw invalidResetToken();
        await repo.useAllResetTokens(tx, found.memberId, now);
        await repo.updatePasswordHash(tx, found.memberId, passwordHash, now);
        await repo.revokeMemberSessions(tx, found.memberId, now);
        await repo.deleteFailures(tx, [`user:${found.operatorId}:${found.username}`]);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
