import {
  chipActivatedMail,
  chipLostMail,
  forgottenChipPinSms,
  lostChipPinSms,
  type Money,
} from '@portal/domain';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { SmsSender } from '../../adapters/sms/index.ts';
import type { Executor } from '../../db/executor.ts';
import type { MembershipState } from '../membership/state.ts';

// The texts and their assembly are domain's; this file sends them.

export async function smsLostChipPin(
  ex: Executor,
  sms: SmsSender,
  state: MembershipState,
  pin: string,
  until: string,
) {
  await sms.send(ex, {
    operatorId: state.operator.id,
    ...lostChipPinSms(state.operator, state.member, pin, until),
  });
}

export async function smsForgottenChipPin(
  ex: Executor,
  sms: SmsSender,
  state: MembershipState,
  pin: string,
  fee: Money | null,
) {
  const message = forgottenChipPinSms(state.operator, state.member, pin, state.today, fee);
  await sms.send(ex, { operatorId: state.operator.id, ...message });
}

export async function mailChipActivated(
  ex: Executor,
  mailer: Mailer,
  state: MembershipState,
  code: string,
  replacedOthers: boolean,
) {
  const mail = chipActivatedMail(state.operator, state.member, code, state.today, replacedOthers);
  await mailer.send(ex, { operatorId: state.operator.id, ...mail });
}

export async function mailChipLost(
  ex: Executor,
  mailer: Mailer,
  state: MembershipState,
  code: string,
  until: string,
) {
  const mail = chipLostMail(state.operator, state.member, code, state.today, until);
  await mailer.send(ex, { operatorId: state.operator.id, ...mail });
}
