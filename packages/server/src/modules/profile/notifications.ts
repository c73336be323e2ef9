import { languageOf, type OperatorSettings } from '@portal/domain';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { SmsSender } from '../../adapters/sms/index.ts';
import type { Executor } from '../../db/client.ts';
import { type ChangedPart, profileTexts } from './messages.ts';
import type { MemberRow } from '../membership/repository.ts';

type Member = MemberRow;

/**
 * Confirms a profile change in the member's language: to the (new) address, listing what
 * changed, and, when the e-mail changed, a notice to the old address too, so a member whose
 * account was taken over learns of it.
 */
export async function sendProfileChangedMails(
  ex: Executor,
  mailer: Mailer,
  operator: OperatorSettings,
  before: Member,
  after: Member,
  changed: readonly ChangedPart[],
): Promise<void> {
  const { mail } = profileTexts(languageOf(after.locale));
  const hello = mail.hello(after.firstName);
  const notYou = mail.notYou(operator.supportEmail);
  const list = changed.map((part) => `- ${mail.parts[part]}`).join('\n');
  await mailer.send(ex, {
    operatorId: operator.id,
    to: after.email,
    subject: `${operator.brand}: ${mail.subject}`,
    text: `${hello}\n\n${mail.changed}\n${list}\n\n${notYou}\n\n${operator.brand}`,
  });
  if (before.email !== after.email) {
    await mailer.send(ex, {
      operatorId: operator.id,
      to: before.email,
      subject: `${operator.brand}: ${mail.oldAddressSubject}`,
      text: `${hello}\n\n${mail.oldAddress(after.email)}\n\n${notYou}\n\n${operator.brand}`,
    });
  }
}

/** The code by SMS to the new number, in the member's language. */
export async function sendCodeSms(
  ex: Executor,
  sms: SmsSender,
  operator: OperatorSettings,
  member: Member,
  to: string,
  code: string,
  minutes: number,
): Promise<void> {
  const { sms: text } = profileTexts(languageOf(member.locale));
  await sms.send(ex, { operatorId: operator.id, to, text: text(operator.brand, code, minutes) });
}
