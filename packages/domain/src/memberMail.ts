import type { Language } from '@portal/contract';
import { languageOf } from './locale.ts';
import type { OperatorSettings } from './operators/types.ts';

/** The greeting of an e-mail to the member, in their language. */
export const memberGreeting: Record<Language, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  de: (name) => `Hallo ${name},`,
  fr: (name) => `Bonjour ${name},`,
  nb: (name) => `Hei ${name},`,
  fi: (name) => `Hei ${name},`,
};

/** An e-mail under the operator's brand to any address; `body` carries its own greeting. */
export function brandedMail(
  operator: Pick<OperatorSettings, 'brand'>,
  to: string,
  mail: { subject: string; body: string },
): { to: string; subject: string; text: string } {
  return { to, subject: `${operator.brand}: ${mail.subject}`, text: `${mail.body}\n\n${operator.brand}` };
}

/** An e-mail to the member in their language: greeting, text and the operator's brand. */
export function memberMail(
  operator: Pick<OperatorSettings, 'brand'>,
  member: { firstName: string; email: string; locale: string },
  mail: { subject: string; body: string },
): { to: string; subject: string; text: string } {
  const hello = memberGreeting[languageOf(member.locale)];
  return brandedMail(operator, member.email, {
    subject: mail.subject,
    body: `${hello(member.firstName)}\n\n${mail.body}`,
  });
}
