import type { Language } from '@portal/contract';
import { languageOf } from './locale.ts';

/** The greeting every e-mail to a member opens with, in the member's language. */
export const MAIL_GREETING: Record<Language, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  de: (name) => `Hallo ${name},`,
  fr: (name) => `Bonjour ${name},`,
  nb: (name) => `Hei ${name},`,
  fi: (name) => `Hei ${name},`,
};

/**
 * An e-mail to a member as it leaves (server outbox or demo outbox alike): the operator's
 * brand before the subject, the greeting, the text and the brand as signature.
 */
export function memberMail(
  brand: string,
  member: { locale: string; firstName: string },
  mail: { subject: string; body: string },
): { subject: string; text: string } {
  const hello = MAIL_GREETING[languageOf(member.locale)](member.firstName);
  return brandedMail(brand, { subject: mail.subject, body: `${hello}\n\n${mail.body}` });
}

/** Any e-mail under the operator's brand; `body` carries its own greeting. */
export function brandedMail(brand: string, mail: { subject: string; body: string }) {
  return { subject: `${brand}: ${mail.subject}`, text: `${mail.body}\n\n${brand}` };
}
