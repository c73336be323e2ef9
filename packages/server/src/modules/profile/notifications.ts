import { type ChangedPart, type OperatorSettings, phoneCodeSms, profileChangedMails } from '@portal/domain';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { SmsSender } from '../../adapters/sms/index.ts';
import type { Executor } from '../../db/executor.ts';
import type { MemberRow } from '../membership/repository.ts';

/** Sends the confirmations of a profile change (domain's texts) in the change's transaction. */
export async function sendProfileChangedMails(
  ex: Executor,
  mailer: Mailer,
  operator: OperatorSettings,
  before: MemberRow,
  after: MemberRow,
  changed: readonly ChangedPart[],
): Promise<void> {
  for (const mail of profileChangedMails(operator, before, after, changed)) {
    await mailer.send(ex, { operatorId: operator.id, ...mail });
  }
}

/** The code by SMS to the new number, in the member's language. */
export async function sendCodeSms(
  ex: Executor,
  sms: SmsSender,
  operator: OperatorSettings,
  member: MemberRow,
  to: string,
  code: string,
  minutes: number,
): Promise<void> {
  await sms.send(ex, {
    operatorId: operator.id,
    to,
    text: phoneCodeSms(operator, member.locale, code, minutes),
  });
}
