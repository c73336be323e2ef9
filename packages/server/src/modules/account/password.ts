import type { ChangePasswordRequest } from '@portal/contract';
import {
  formatDateTimeIn,
  languageOf,
  normalizePassword,
  passwordChangedMail,
  passwordRefusals,
} from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { type AuthContext, requestLocale } from '../../http/auth-context.ts';
import { acceptNewPassword } from '../auth/breached-passwords.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { updatePasswordHash, useAllResetTokens } from '../auth/repository.ts';
import { createSignInLimiter } from '../auth/sign-in-limiter.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { localizedRefusal } from '../membership/localized-refusal.ts';
import { sendMemberMail } from '../membership/notifications.ts';
import { loadMembershipState } from '../membership/state.ts';

import * as repo from './repository.ts';

/** Wrong current passwords a member may enter per window (the sign-in window, 15 minutes). */
export const PASSWORD_TRIES_PER_WINDOW = 5;

const refuse = (locale: string, type: string, field: string) =>
  localizedRefusal(passwordRefusals, locale, [{ type, context: { field } }]);

export function createPasswordService(deps: AppDeps) {
  const { db, clock, mailer, config, passwords } = deps;
  // The sign-in limiter's table and window, with a key of its own per member.
  const limiter = createSignInLimiter(db, config.signInLimits, deps.wallClock, deps.jobs);
  const limitKeys = (memberId: string) => [{ key: `password:${memberId}`, limit: PASSWORD_TRIES_PER_WINDOW }];

  return {
    /**
     * The signed-in member sets a new password by giving the current one. Every other
     * session ends and outstanding reset links stop working; this session stays.
     */
    async change(auth: AuthContext, input: ChangePasswordRequest): Promise<void> {
      const keys = limitKeys(auth.memberId);
      // Counted before the check, like a sign-in (docs/security.md, R7); kept when it fails.
      const attempt = await limiter.reserve(keys);
      const found = await repo.findCredentials(db, auth.memberId);
      if (!found) throw notFound('No member.');
      const member = { ...found, locale: requestLocale(auth, found.locale) };
      if (!(await verifyPassword(passwords, member.passwordHash, input.current_password))) {
        throw refuse(member.locale, 'invalid_current_password', 'current_password');
      }
      await limiter.release(db, attempt);
      if (normalizePassword(input.new_password) === normalizePassword(input.current_password)) {
        throw refuse(member.locale, 'password_unchanged', 'new_password');
      }
      const newHash = await passwords.hash(
        await acceptNewPassword(input.new_password, 'new_password', member.locale),
      );

      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        // A concurrent change got there first: the password checked is no longer the current one.
        if ((await repo.lockPasswordHash(tx, auth.memberId)) !== member.passwordHash) {
          throw refuse(member.locale, 'invalid_current_password', 'current_password');
        }
        const now = clock.now();
        await updatePasswordHash(tx, auth.memberId, newHash, now);
        const ended = await repo.revokeOtherSessions(tx, auth.memberId, auth.sessionId, now);
        await useAllResetTokens(tx, auth.memberId, now);
        await logMembershipChange(tx, clock, state, 'password_changed', { other_sessions_ended: ended });
        const at = formatDateTimeIn(now, member.locale, state.operator.timezone);
        const mail = passwordChangedMail[languageOf(member.locale)]({
          at,
          supportEmail: state.operator.supportEmail,
        });
        await sendMemberMail(tx, mailer, state.member, state.operator, mail);
      });
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
