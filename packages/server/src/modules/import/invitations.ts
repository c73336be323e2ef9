import type { OperatorId } from '@portal/contract';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../settings.ts';
import type { Tx } from '../../db/executor.ts';
import { defaultOrigin } from '../../http/origins.ts';
import { sendInvitation } from '../auth/invitation.ts';
import type { NewMember } from './writes.ts';

/**
 * Invites each new member to set their password (into the outbox, in the import's
 * transaction), with the link on the operator's public origin. Answers how many were invited.
 */
export async function inviteNewMembers(
  tx: Tx,
  members: NewMember[],
  clock: Clock,
  invite: { mailer: Mailer; config: Config },
): Promise<number> {
  for (const member of members) {
    const operatorId = member.operatorId as OperatorId;
    await sendInvitation(
      tx,
      { clock, mailer: invite.mailer },
      {
        id: member.id,
        operatorId,
        email: member.email,
        username: member.username,
        firstName: member.firstName,
        locale: member.locale,
      },
      defaultOrigin(operatorId, invite.config),
    );
  }
  return members.length;
}
