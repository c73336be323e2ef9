import type { ErrorItem, Language } from '@portal/contract';
import { languageOf } from './locale.ts';
import { greeted } from './memberMail.ts';
import type { MemberProfileRow } from './membershipView.ts';
import { plural } from './localeText.ts';
import type { OperatorSettings } from './operators/types.ts';
import type { ProfileIssue } from './profile.ts';

/** The refusals of the profile area (422), by error type. */
export type ProfileRefusal =
  | { type: 'verification_required' }
  | { type: 'verification_code_expired' }
  | { type: 'invalid_verification_code'; attempts_left: number }
  | { type: 'phone_change_via_support'; support_email: string }
  | { type: 'phone_verification_not_required' };

/** What a confirmation e-mail lists as changed. */
export type ChangedPart = 'email' | 'address' | 'mobile';

interface Texts {
  refusal: { [K in ProfileRefusal['type']]: (c: Extract<ProfileRefusal, { type: K }>) => string };
  issue: { [K in ProfileIssue['type']]: (i: Extract<ProfileIssue, { type: K }>) => string };
  /** "7 to 12" or "8": the digit count of the number message. */
  digits: (min: number, max: number) => string;
  sms: (brand: string, code: string, minutes: number) => string;
  mail: {
    subject: string;
    changed: string;
    parts: Record<ChangedPart, string>;
    notYou: (support: string) => string;
    oldAddressSubject: string;
    oldAddress: (newAddress: string) => string;
  };
}

const texts: Record<Language, Texts> = {
  en: {
    refusal: {
      verification_required: () => 'Please confirm your new mobile number with the code we send you by SMS.',
      verification_code_expired: () => 'The verification code is expired. Please request a new code.',
      invalid_verification_code: (c) =>
        c.attempts_left > 0
          ? `Invalid verification code. You have ${plural(c.attempts_left, 'en', { one: 'one more try', other: `${c.attempts_left} more tries` })}.`
          : 'Invalid verification code. Please request a new code.',
      phone_change_via_support: (c) =>
        `Your mobile number can only be changed by our support team. Please write to ${c.support_email}.`,
      phone_verification_not_required: () => 'Your mobile number does not need to be verified.',
    },
    issue: {
      required: () => 'This field is required.',
      too_long: (i) => `Please use at most ${i.maxLength} characters.`,
      invalid_email: () => 'Please enter a valid e-mail address.',
      invalid_prefix: () => 'Please choose a country code from the list.',
      invalid_mobile: (i) =>
        `The number must have ${texts.en.digits(i.minLength, i.maxLength)} digits and be a valid mobile number.`,
    },
    digits: (min, max) => (min === max ? `${max}` : `${min} to ${max}`),
    sms: (brand, code, minutes) =>
      `${code} is your ${brand} verification code. It is valid for ${minutes} minutes. Never share it with anyone.`,
    mail: {
      subject: 'Your personal details were changed',
      changed: 'we have saved the following changes to your personal details:',
      parts: { email: 'e-mail address', address: 'address', mobile: 'mobile number' },
      notYou: (support) => `If you did not make this change, please contact us at once: ${support}.`,
      oldAddressSubject: 'Your e-mail address was changed',
      oldAddress: (next) =>
        `the e-mail address of your membership was changed to ${next}. From now on we write to that address.`,
    },
  },
  de: {
    refusal: {
      verification_required: () =>
        'Bitte bestätigen Sie Ihre neue Mobilnummer mit dem Code, den wir Ihnen per SMS senden.',
      verification_code_expired: () =>
        'Der Bestätigungscode ist abgelaufen. Bitte fordern Sie einen neuen Code an.',
      invalid_verification_code: (c) =>
        c.attempts_left > 0
          ? `Ungültiger Bestätigungscode. Sie haben noch ${plural(c.attempts_left, 'de', { one: 'einen Versuch', other: `${c.attempts_left} Versuche` })}.`
          : 'Ungültiger Bestätigungscode. Bitte fordern Sie einen neuen Code an.',
      phone_change_via_support: (c) =>
        `Ihre Mobilnummer kann nur unser Kundenservice ändern. Bitte schreiben Sie an ${c.support_email}.`,
      phone_verification_not_required: () => 'Ihre Mobilnummer muss nicht bestätigt werden.',
    },
    issue: {
      required: () => 'Bitte füllen Sie dieses Feld aus.',
      too_long: (i) => `Bitte verwenden Sie höchstens ${i.maxLength} Zeichen.`,
      invalid_email: () => 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      invalid_prefix: () => 'Bitte wählen Sie eine Ländervorwahl aus der Liste.',
      invalid_mobile: (i) =>
        `Die Nummer muss ${texts.de.digits(i.minLength, i.maxLength)} Ziffern haben und eine gültige Mobilnummer sein.`,
    },
    digits: (min, max) => (min === max ? `${max}` : `${min} bis ${max}`),
    sms: (brand, code, minutes) =>
      `${code} ist Ihr Bestätigungscode von ${brand}. Er ist ${minutes} Minuten gültig. Geben Sie ihn nicht weiter.`,
    mail: {
      subject: 'Ihre persönlichen Daten wurden geändert',
      changed: 'wir haben folgende Änderungen an Ihren persönlichen Daten gespeichert:',
      parts: { email: 'E-Mail-Adresse', address: 'Adresse', mobile: 'Mobilnummer' },
      notYou: (support) =>
        `Falls Sie diese Änderung nicht selbst vorgenommen haben, melden Sie sich bitte sofort bei uns: ${support}.`,
      oldAddressSubject: 'Ihre E-Mail-Adresse wurde geändert',
      oldAddress: (next) =>
        `die E-Mail-Adresse Ihrer Mitgliedschaft wurde in ${next} geändert. Ab sofort schreiben wir Ihnen an diese Adresse.`,
    },
  },
  fr: {
    refusal: {
      verification_required: () =>
        'Veuillez confirmer votre nouveau numéro de mobile avec le code que nous vous envoyons par SMS.',
      verification_code_expired: () => 'Le code de vérification a expiré. Veuillez demander un nouveau code.',
      invalid_verification_code: (c) =>
        c.attempts_left > 0
          ? `Code de vérification invalide. Il vous reste ${plural(c.attempts_left, 'fr', { one: 'un essai', other: `${c.attempts_left} essais` })}.`
          : 'Code de vérification invalide. Veuillez demander un nouveau code.',
      phone_change_via_support: (c) =>
        `Seul notre service client peut modifier votre numéro de mobile. Veuillez écrire à ${c.support_email}.`,
      phone_verification_not_required: () => 'Votre numéro de mobile n’a pas besoin d’être vérifié.',
    },
    issue: {
      required: () => 'Ce champ est obligatoire.',
      too_long: (i) => `Veuillez utiliser ${i.maxLength} caractères au maximum.`,
      invalid_email: () => 'Veuillez saisir une adresse e-mail valide.',
      invalid_prefix: () => 'Veuillez choisir un indicatif dans la liste.',
      invalid_mobile: (i) =>
        `Le numéro doit comporter ${texts.fr.digits(i.minLength, i.maxLength)} chiffres et être un numéro de mobile valide.`,
    },
    digits: (min, max) => (min === max ? `${max}` : `${min} à ${max}`),
    sms: (brand, code, minutes) =>
      `${code} est votre code de vérification ${brand}. Il est valable ${minutes} minutes. Ne le communiquez à personne.`,
    mail: {
      subject: 'Vos données personnelles ont été modifiées',
      changed: 'nous avons enregistré les modifications suivantes de vos données personnelles :',
      parts: { email: 'adresse e-mail', address: 'adresse', mobile: 'numéro de mobile' },
      notYou: (support) =>
        `Si vous n’êtes pas à l’origine de cette modification, contactez-nous immédiatement : ${support}.`,
      oldAddressSubject: 'Votre adresse e-mail a été modifiée',
      oldAddress: (next) =>
        `l’adresse e-mail de votre abonnement a été remplacée par ${next}. Nous vous écrirons désormais à cette adresse.`,
    },
  },
  nb: {
    refusal: {
      verification_required: () => 'Bekreft det nye mobilnummeret ditt med koden vi sender deg på SMS.',
      verification_code_expired: () => 'Bekreftelseskoden er utløpt. Be om en ny kode.',
      invalid_verification_code: (c) =>
        c.attempts_left > 0
          ? `Ugyldig bekreftelseskode. Du har ${c.attempts_left} forsøk igjen.`
          : 'Ugyldig bekreftelseskode. Be om en ny kode.',
      phone_change_via_support: (c) =>
        `Mobilnummeret ditt kan bare endres av kundeservice. Skriv til ${c.support_email}.`,
      phone_verification_not_required: () => 'Mobilnummeret ditt trenger ikke å bekreftes.',
    },
    issue: {
      required: () => 'Dette feltet må fylles ut.',
      too_long: (i) => `Bruk maks ${i.maxLength} tegn.`,
      invalid_email: () => 'Skriv inn en gyldig e-postadresse.',
      invalid_prefix: () => 'Velg en landskode fra listen.',
      invalid_mobile: (i) =>
        `Nummeret må ha ${texts.nb.digits(i.minLength, i.maxLength)} sifre og være et gyldig mobilnummer.`,
    },
    digits: (min, max) => (min === max ? `${max}` : `${min} til ${max}`),
    sms: (brand, code, minutes) =>
      `${code} er bekreftelseskoden din fra ${brand}. Den er gyldig i ${minutes} minutter. Ikke del den med noen.`,
    mail: {
      subject: 'Personopplysningene dine er endret',
      changed: 'vi har lagret disse endringene i personopplysningene dine:',
      parts: { email: 'e-postadresse', address: 'adresse', mobile: 'mobilnummer' },
      notYou: (support) => `Hvis det ikke var du som gjorde endringen, kontakt oss med en gang: ${support}.`,
      oldAddressSubject: 'E-postadressen din er endret',
      oldAddress: (next) =>
        `e-postadressen for medlemskapet ditt er endret til ${next}. Fra nå av skriver vi til den adressen.`,
    },
  },
  fi: {
    refusal: {
      verification_required: () =>
        'Vahvista uusi matkapuhelinnumerosi koodilla, jonka lähetämme tekstiviestinä.',
      verification_code_expired: () => 'Vahvistuskoodi on vanhentunut. Pyydä uusi koodi.',
      invalid_verification_code: (c) =>
        c.attempts_left > 0
          ? `Virheellinen vahvistuskoodi. Sinulla on vielä ${plural(c.attempts_left, 'fi', { one: 'yksi yritys', other: `${c.attempts_left} yritystä` })}.`
          : 'Virheellinen vahvistuskoodi. Pyydä uusi koodi.',
      phone_change_via_support: (c) =>
        `Matkapuhelinnumeroa voi muuttaa vain asiakaspalvelumme. Kirjoita osoitteeseen ${c.support_email}.`,
      phone_verification_not_required: () => 'Matkapuhelinnumeroasi ei tarvitse vahvistaa.',
    },
    issue: {
      required: () => 'Tämä kenttä on pakollinen.',
      too_long: (i) => `Käytä enintään ${i.maxLength} merkkiä.`,
      invalid_email: () => 'Anna kelvollinen sähköpostiosoite.',
      invalid_prefix: () => 'Valitse maatunnus luettelosta.',
      invalid_mobile: (i) =>
        `Numerossa on oltava ${texts.fi.digits(i.minLength, i.maxLength)} numeroa, ja sen on oltava kelvollinen matkapuhelinnumero.`,
    },
    digits: (min, max) => (min === max ? `${max}` : `${min}–${max}`),
    sms: (brand, code, minutes) =>
      `${code} on ${brand}\u00a0-vahvistuskoodisi. Se on voimassa ${minutes} minuuttia. Älä kerro sitä kenellekään.`,
    mail: {
      subject: 'Henkilötietojasi on muutettu',
      changed: 'olemme tallentaneet seuraavat muutokset henkilötietoihisi:',
      parts: { email: 'sähköpostiosoite', address: 'osoite', mobile: 'matkapuhelinnumero' },
      notYou: (support) => `Jos et tehnyt muutosta itse, ota heti yhteyttä meihin: ${support}.`,
      oldAddressSubject: 'Sähköpostiosoitteesi on muutettu',
      oldAddress: (next) =>
        `jäsenyytesi sähköpostiosoitteeksi on vaihdettu ${next}. Lähetämme viestit jatkossa siihen osoitteeseen.`,
    },
  },
};

export const profileTexts = (language: Language): Texts => texts[language];

export function profileRefusalMessage(refusal: ProfileRefusal, language: Language): string {
  const render = texts[language].refusal[refusal.type] as (r: ProfileRefusal) => string;
  return render(refusal);
}

export function profileIssueMessage(issue: ProfileIssue, language: Language): string {
  const render = texts[language].issue[issue.type] as (i: ProfileIssue) => string;
  return render(issue);
}

/** The member's stored details the profile area reads and writes (a members row). */
export interface ProfileRow extends MemberProfileRow {
  locale: string;
}

/** What a saved profile changes, as the confirmation e-mail and the event log name it. */
export function changedParts(before: ProfileRow, after: ProfileRow): ChangedPart[] {
  const parts: ChangedPart[] = [];
  if (before.email !== after.email) parts.push('email');
  const address = ['street', 'postalCode', 'postalLocation', 'country'] as const;
  if (address.some((key) => before[key] !== after[key])) parts.push('address');
  if (before.mobilePrefix !== after.mobilePrefix || before.mobileNumber !== after.mobileNumber)
    parts.push('mobile');
  return parts;
}

/** An e-mail as the outbox stores it. */
export interface ProfileMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The confirmations of a profile change in the member's language: to the (new) address,
 * listing what changed, and, when the e-mail changed, a notice to the old address too, so a
 * member whose account was taken over learns of it.
 */
export function profileChangedMails(
  operator: Pick<OperatorSettings, 'brand' | 'supportEmail'>,
  before: ProfileRow & { firstName: string },
  after: ProfileRow,
  changed: readonly ChangedPart[],
): ProfileMail[] {
  const language = languageOf(after.locale);
  const { mail } = profileTexts(language);
  const hello = (text: string) => greeted(language, after.firstName, text);
  const notYou = mail.notYou(operator.supportEmail);
  const list = changed.map((part) => `- ${mail.parts[part]}`).join('\n');
  const mails: ProfileMail[] = [
    {
      to: after.email,
      subject: `${operator.brand}: ${mail.subject}`,
      text: `${hello(`${mail.changed}\n${list}\n\n${notYou}`)}\n\n${operator.brand}`,
    },
  ];
  if (before.email !== after.email) {
    mails.push({
      to: before.email,
      subject: `${operator.brand}: ${mail.oldAddressSubject}`,
      text: `${hello(`${mail.oldAddress(after.email)}\n\n${notYou}`)}\n\n${operator.brand}`,
    });
  }
  return mails;
}

/** The SMS with the verification code, in the member's language. */
export function phoneCodeSms(
  operator: Pick<OperatorSettings, 'brand'>,
  locale: string,
  code: string,
  minutes: number,
): string {
  return profileTexts(languageOf(locale)).sms(operator.brand, code, minutes);
}

/** The 400 items naming every field the profile rules refuse, in the member's language. */
export function profileIssueItems(
  issues: readonly ProfileIssue[],
  language: Language,
  field?: string,
): ErrorItem[] {
  return issues.map((issue) => {
    const { field: own, type, ...limits } = issue;
    return {
      type: 'invalid_request',
      message: profileIssueMessage(issue, language),
      context: { field: field ?? `body.${own}`, reason: type, ...limits },
    };
  });
}

/** The 422 item of a profile refusal, in the member's language. */
export function profileRefusalItem(refusal: ProfileRefusal, language: Language): ErrorItem {
  const { type, ...context } = refusal;
  return {
    type,
    message: profileRefusalMessage(refusal, language),
    ...(Object.keys(context).length > 0 ? { context } : {}),
  };
}
