import { formatMoney, languageOf, type Money } from '@portal/domain';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { SmsSender } from '../../adapters/sms/index.ts';
import type { Executor } from '../../db/client.ts';
import { formatDay } from '../membership/notifications.ts';
import type { MembershipState } from '../membership/state.ts';
import { accessTexts } from './messages.ts';

type Member = MembershipState['member'];

/** The member's mobile in E.164 (a 00 prefix becomes +; spaces and dashes go). */
export function e164(member: Pick<Member, 'mobilePrefix' | 'mobileNumber'>): string {
  const prefix = member.mobilePrefix.trim().replace(/^00/, '+');
  return `${prefix.startsWith('+') ? prefix : `+${prefix}`}${member.mobileNumber.replace(/\D/g, '')}`;
}

function textsFor(state: MembershipState) {
  const locale = state.member.locale;
  return {
    t: accessTexts[languageOf(locale)],
    day: (date: string) => formatDay(date, locale),
    money: (fee: Money) => formatMoney(fee.amount, fee.currency, locale),
  };
}

async function sendSms(ex: Executor, sms: SmsSender, state: MembershipState, lines: string[]) {
  await sms.send(ex, {
    operatorId: state.operator.id,
    to: e164(state.member),
    text: [`${state.operator.brand}:`, ...lines].join(' '),
  });
}

async function sendMail(
  ex: Executor,
  mailer: Mailer,
  state: MembershipState,
  subject: string,
  body: string[],
) {
  const { t } = textsFor(state);
  await mailer.send(ex, {
    operatorId: state.operator.id,
    to: state.member.email,
    subject: `${state.operator.brand}: ${subject}`,
    text: `${t.hello(state.member.firstName)}\n\n${body.join(' ')}\n\n${state.operator.brand}`,
  });
}

/** The temporary PIN after a lost chip, by SMS; Germany names the club manager as contact. */
export async function smsLostChipPin(
  ex: Executor,
  sms: SmsSender,
  state: MembershipState,
  pin: string,
  until: string,
) {
  const { t, day } = textsFor(state);
  const lines = [t.lostPinSms({ pin, until: day(until) })];
  if (state.operator.temporaryPinContactClubManager) lines.push(t.contactManager);
  await sendSms(ex, sms, state, lines);
}

/** Today's PIN for a forgotten chip, by SMS, naming the SMS fee where there is one. */
export async function smsForgottenChipPin(
  ex: Executor,
  sms: SmsSender,
  state: MembershipState,
  pin: string,
  fee: Money | null,
) {
  const { t, day, money } = textsFor(state);
  const lines = [t.forgottenPinSms({ pin, until: day(state.today) })];
  if (fee) lines.push(t.smsFee({ fee: money(fee) }));
  if (state.operator.temporaryPinContactClubManager) lines.push(t.contactManager);
  await sendSms(ex, sms, state, lines);
}

export async function mailChipActivated(
  ex: Executor,
  mailer: Mailer,
  state: MembershipState,
  code: string,
  replacedOthers: boolean,
) {
  const { t, day } = textsFor(state);
  const body = [t.activatedMail.body({ code, date: day(state.today) })];
  if (replacedOthers) body.push(t.activatedMail.replaced);
  await sendMail(ex, mailer, state, t.activatedMail.subject, body);
}

export async function mailChipLost(
  ex: Executor,
  mailer: Mailer,
  state: MembershipState,
  code: string,
  until: string,
) {
  const { t, day, money } = textsFor(state);
  const body = [t.lostMail.body({ code, date: day(state.today), until: day(until) })];
  const fee = state.operator.replacementChipFee;
  if (fee) body.push(t.lostMail.fee({ fee: money(fee) }));
  await sendMail(ex, mailer, state, t.lostMail.subject, body);
}
