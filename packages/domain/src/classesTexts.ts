import type { Language } from '@portal/contract';
import { languageOf } from './locale.ts';
import { memberMail } from './memberMail.ts';
import type { OperatorSettings } from './operators/types.ts';

// The messages of group classes (docs/classes.md), in the member's language: the place
// from the waitlist (e-mail and SMS) and the reminder before a booked class.

export interface ClassMailFacts {
  className: string;
  clubName: string;
  startsAt: Date;
  room: string;
}

/** The start in the member's language and the club's timezone, e.g. "Tue 3 Mar, 18:30". */
function when(language: Language, locale: string, timezone: string, at: Date): string {
  const tag = language === 'en' ? 'en-GB' : locale;
  return new Intl.DateTimeFormat(tag, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timezone,
  }).format(at);
}

type Text = (c: ClassMailFacts & { when: string }) => { subject: string; body: string; sms: string };

const PROMOTED: Record<Language, Text> = {
  en: (c) => ({
    subject: `You have a place in ${c.className}`,
    body: `A place opened up and it is yours: ${c.className} at ${c.clubName}, ${c.when}, ${c.room}.\n\nIf you cannot come, please cancel in the portal so the next person on the waitlist gets the place.`,
    sms: `A place opened up: you are booked for ${c.className} at ${c.clubName}, ${c.when}.`,
  }),
  de: (c) => ({
    subject: `Sie haben einen Platz in ${c.className}`,
    body: `Ein Platz ist frei geworden und gehört Ihnen: ${c.className} im Club ${c.clubName}, ${c.when}, ${c.room}.\n\nWenn Sie nicht kommen können, stornieren Sie bitte im Portal, damit die nächste Person auf der Warteliste den Platz bekommt.`,
    sms: `Ein Platz ist frei geworden: Sie sind für ${c.className} im Club ${c.clubName} gebucht, ${c.when}.`,
  }),
  fr: (c) => ({
    subject: `Vous avez une place au cours ${c.className}`,
    body: `Une place s’est libérée et elle est à vous : ${c.className} au club ${c.clubName}, ${c.when}, ${c.room}.\n\nSi vous ne pouvez pas venir, annulez dans le portail pour que la personne suivante sur la liste d’attente ait la place.`,
    sms: `Une place s’est libérée : vous êtes inscrit·e au cours ${c.className} au club ${c.clubName}, ${c.when}.`,
  }),
  nb: (c) => ({
    subject: `Du har fått plass på ${c.className}`,
    body: `En plass ble ledig, og den er din: ${c.className} på ${c.clubName}, ${c.when}, ${c.room}.\n\nHvis du ikke kan komme, avbestill i portalen, så får nestemann på ventelisten plassen.`,
    sms: `En plass ble ledig: Du er booket på ${c.className} på ${c.clubName}, ${c.when}.`,
  }),
  fi: (c) => ({
    subject: `Sait paikan tunnille ${c.className}`,
    body: `Paikka vapautui, ja se on sinun: ${c.className}, ${c.clubName}, ${c.when}, ${c.room}.\n\nJos et pääse tulemaan, peru varaus portaalissa, jotta seuraava jonossa saa paikan.`,
    sms: `Paikka vapautui: sinulla on varaus tunnille ${c.className}, ${c.clubName}, ${c.when}.`,
  }),
};

const REMINDER: Record<
  Language,
  (c: ClassMailFacts & { when: string }) => { subject: string; body: string }
> = {
  en: (c) => ({
    subject: `Today: ${c.className} at ${c.clubName}`,
    body: `A reminder of your class: ${c.className} at ${c.clubName}, ${c.when}, ${c.room}.\n\nIf you cannot come, please cancel in the portal so someone else can take your place.`,
  }),
  de: (c) => ({
    subject: `Heute: ${c.className} im Club ${c.clubName}`,
    body: `Zur Erinnerung an Ihren Kurs: ${c.className} im Club ${c.clubName}, ${c.when}, ${c.room}.\n\nWenn Sie nicht kommen können, stornieren Sie bitte im Portal, damit jemand anderes Ihren Platz bekommt.`,
  }),
  fr: (c) => ({
    subject: `Aujourd’hui : ${c.className} au club ${c.clubName}`,
    body: `Un rappel de votre cours : ${c.className} au club ${c.clubName}, ${c.when}, ${c.room}.\n\nSi vous ne pouvez pas venir, annulez dans le portail pour que quelqu’un d’autre ait votre place.`,
  }),
  nb: (c) => ({
    subject: `I dag: ${c.className} på ${c.clubName}`,
    body: `En påminnelse om timen din: ${c.className} på ${c.clubName}, ${c.when}, ${c.room}.\n\nHvis du ikke kan komme, avbestill i portalen, så kan noen andre ta plassen din.`,
  }),
  fi: (c) => ({
    subject: `Tänään: ${c.className}, ${c.clubName}`,
    body: `Muistutus tunnistasi: ${c.className}, ${c.clubName}, ${c.when}, ${c.room}.\n\nJos et pääse tulemaan, peru varaus portaalissa, jotta joku muu saa paikkasi.`,
  }),
};

interface Recipient {
  locale: string;
  firstName: string;
}

/** The e-mail and the SMS text to a member who got a place from the waitlist. */
export function classPromotionMessages(operator: OperatorSettings, member: Recipient, facts: ClassMailFacts) {
  const language = languageOf(member.locale);
  const text = PROMOTED[language]({
    ...facts,
    when: when(language, member.locale, operator.timezone, facts.startsAt),
  });
  return {
    mail: memberMail(operator.brand, member, text),
    sms: `${operator.brand}: ${text.sms}`,
  };
}

/** The reminder e-mail a few hours before a booked class. */
export function classReminderMail(operator: OperatorSettings, member: Recipient, facts: ClassMailFacts) {
  const language = languageOf(member.locale);
  const text = REMINDER[language]({
    ...facts,
    when: when(language, member.locale, operator.timezone, facts.startsAt),
  });
  return memberMail(operator.brand, member, text);
}
