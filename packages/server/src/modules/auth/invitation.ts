import type { OperatorId } from '@portal/contract';
import { getOperator, invitationMail, languageOf } from '@portal/domain';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';
import { newToken, tokenHash } from './passwords.ts';
import { insertResetToken } from './repository.ts';
import { randomUUID } from '../../platform/crypto.ts';

/**
 * How long an invitation's set-password link works: seven days, since an invitation comes
 * unasked and may wait in a mailbox, while a reset link the member just asked for lasts an
 * hour (RESET_TOKEN_TTL_MS). After that the member asks for a reset link as anyone would.
 */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Invitee {
  id: string;
  operatorId: OperatorId;
  email: string;
  username: string;
  firstName: string;
  locale: string;
}

/**
 * Invites a member to set their first password, in the caller's transaction: a reset token
 * (the reset flow's, stored as its hash; POST /auth/update sets the password with it) and
 * an e-mail in the member's language with the link on the operator's portal at `origin`.
 */
export async function sendInvitation(
  tx: Executor,
  deps: { clock: Clock; mailer: Mailer },
  member: Invitee,
  origin: string,
): Promise<void> {
  const operator = getOperator(member.operatorId);
  const token = newToken();
  const now = deps.clock.now();
  await insertResetToken(tx, {
    id: randomUUID(),
    tokenHash: tokenHash(token),
    memberId: member.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    usedAt: null,
  });
  const texts = invitationMail[languageOf(member.locale)];
  await deps.mailer.send(tx, {
    operatorId: operator.id,
    to: member.email,
    subject: texts.subject(operator.brand),
    text: texts.body({
      firstName: member.firstName,
      brand: operator.brand,
      link: `${origin}/password/update?token=${token}`,
      username: member.username,
    }),
  });
}
