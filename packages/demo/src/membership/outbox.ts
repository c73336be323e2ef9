import {
  brandedMail,
  type MailText,
  memberMail,
  type OperatorSettings,
  spellForOperator,
} from '@portal/domain';
import type { DemoStore } from '../store.ts';
import type { MembershipState } from './state.ts';

/*
 * What the server's mailer and SMS sender put into its outbox, into the demo's: the page
 * shows it instead of sending it. Every message is in its operator's spelling, as the
 * server's outbox writes it (adapters/outbox.ts).
 */

/**
 * A message as it is: an e-mail when it has a subject, else an SMS. `memberId` says whose
 * messages it belongs to (null: an address the public form was given, not known to be a
 * member's).
 */
export function sendMessage(
  store: DemoStore,
  operator: OperatorSettings,
  memberId: string | null,
  message: { to: string; subject?: string; text: string },
): void {
  store.outbox.push({
    channel: message.subject === undefined ? 'sms' : 'email',
    to: message.to,
    subject: message.subject === undefined ? null : spellForOperator(operator, message.subject),
    body: spellForOperator(operator, message.text),
    memberId,
    createdAt: store.now(),
  });
}

/** An e-mail under the operator's brand whose body carries its own greeting (domain brandedMail). */
export function sendBrandedMail(
  store: DemoStore,
  operator: OperatorSettings,
  to: string,
  mail: MailText,
  memberId: string | null,
): void {
  const { subject, text } = brandedMail(operator.brand, mail);
  sendMessage(store, operator, memberId, { to, subject, text });
}

/** The member's e-mail with the greeting in their language (the server's sendMemberMail). */
export function mailMember(
  store: DemoStore,
  state: MembershipState,
  mail: { subject: string; body: string },
): void {
  const { subject, text } = memberMail(state.operator.brand, state.member, mail);
  sendMessage(store, state.operator, state.member.id, { to: state.member.email, subject, text });
}
