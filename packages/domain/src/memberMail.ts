import type { Language } from '@portal/contract';
import { languageOf } from './locale.ts';

/**
 * The one greeting every e-mail to a member opens with, in the member's language
 * (docs/glossary/): the first name, the register of the language's texts. Norwegian puts the
 * comma between "Hei" and the name and none after it (Språkrådet), and goes on with a capital
 * letter (`greeted`).
 */
export const MAIL_GREETING: Record<Language, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  de: (name) => `Guten Tag ${name},`,
  fr: (name) => `Bonjour ${name},`,
  nb: (name) => `Hei, ${name}`,
  fi: (name) => `Hei ${name},`,
};

/** Languages whose text after the greeting starts a new sentence with a capital letter. */
const CAPITAL_AFTER_GREETING: ReadonlySet<Language> = new Set(['nb']);

/** The greeting, a blank line and the text, as the language goes on after a greeting. */
export function greeted(language: Language, name: string, text: string): string {
  const body = CAPITAL_AFTER_GREETING.has(language)
    ? text.charAt(0).toLocaleUpperCase('nb') + text.slice(1)
    : text;
  return `${MAIL_GREETING[language](name)}\n\n${body}`;
}

/**
 * An e-mail to a member as it leaves (server outbox or demo outbox alike): the operator's
 * brand before the subject, the greeting, the text and the brand as signature.
 */
export function memberMail(
  brand: string,
  member: { locale: string; firstName: string },
  mail: { subject: string; body: string },
): { subject: string; text: string } {
  return brandedMail(brand, {
    subject: mail.subject,
    body: greeted(languageOf(member.locale), member.firstName, mail.body),
  });
}

/** Any e-mail under the operator's brand; `body` carries its own greeting. */
export function brandedMail(brand: string, mail: { subject: string; body: string }) {
  return { subject: `${brand}: ${mail.subject}`, text: `${mail.body}\n\n${brand}` };
}
