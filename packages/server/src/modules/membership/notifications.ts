import {
  brandedMail,
  formatDay,
  type LifecycleMail,
  lifecycleMailText,
  type MailText,
  memberMail,
  type OperatorSettings,
} from '@portal/domain';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Executor } from '../../db/executor.ts';
import type { MemberRow } from './repository.ts';

// The texts live in domain (lifecycleMail.ts, memberMail.ts); this file sends them.
export { formatDay, type LifecycleMail };

/** An e-mail under the operator's brand to any address; `body` carries its own greeting. */
export async function sendMailTo(
  ex: Executor,
  mailer: Mailer,
  operator: OperatorSettings,
  to: string,
  mail: MailText,
): Promise<void> {
  await mailer.send(ex, { operatorId: operator.id, to, ...brandedMail(operator.brand, mail) });
}

/** An e-mail to the member in their language: greeting, text and the operator's brand. */
export async function sendMemberMail(
  ex: Executor,
  mailer: Mailer,
  member: MemberRow,
  operator: OperatorSettings,
  mail: MailText,
): Promise<void> {
  await mailer.send(ex, {
    operatorId: operator.id,
    to: member.email,
    ...memberMail(operator.brand, member, mail),
  });
}

/** Confirms a membership change to the member by e-mail, in the same transaction as the change. */
export async function sendLifecycleMail(
  ex: Executor,
  mailer: Mailer,
  member: MemberRow,
  operator: OperatorSettings,
  mail: LifecycleMail,
): Promise<void> {
  await sendMailTo(ex, mailer, operator, member.email, lifecycleMailText(member, mail));
}
