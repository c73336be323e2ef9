import type { Language } from '@portal/contract';
import { greeted } from './memberMail.ts';
import type { IsoDate } from './dates.ts';
import { languageOf } from './locale.ts';
import { formatCalendarDate } from './localeText.ts';
import { formatMoney } from './money.ts';
import type { Money, OperatorSettings } from './operators/types.ts';

/** Why a chip or PIN request is refused (422 types of this area). */
export type AccessRefusal =
  | 'invalid_status_for_access'
  | 'chip_already_assigned'
  | 'key_not_assigned'
  | 'chip_reported_lost'
  | 'no_active_chip';

/** Values the texts fill in, already formatted for the member's locale. */
export interface TextValues {
  status?: string;
  code?: string;
  pin?: string;
  /** Last day a PIN works. */
  until?: string;
  /** Today, formatted. */
  date?: string;
  /** The forgotten-chip SMS fee or the replacement chip fee, formatted; absent when none. */
  fee?: string;
}

type Text = (v: TextValues) => string;

interface AccessTexts {
  refusals: Record<AccessRefusal, Text>;
  /** SMS with the temporary PIN after a lost chip (Germany adds `contactManager`). */
  lostPinSms: Text;
  forgottenPinSms: Text;
  smsFee: Text;
  contactManager: string;
  activatedMail: { subject: string; body: Text; replaced: string };
  lostMail: { subject: string; body: Text; fee: Text };
}

export const accessTexts: Record<Language, AccessTexts> = {
  en: {
    refusals: {
      invalid_status_for_access: (v) =>
        `Chips and PINs are not available while the membership's status is ${v.status}.`,
      chip_already_assigned: () =>
        'This chip is already assigned to a membership. Check the code on the back of your chip or ask at your club.',
      key_not_assigned: () => 'Key not assigned: this chip is not active on your membership.',
      chip_reported_lost: () =>
        'This chip was reported lost and stays blocked. Please activate your new chip.',
      no_active_chip: () =>
        'You have no active chip. A temporary PIN for a forgotten chip needs an activated chip.',
    },
    lostPinSms: (v) =>
      `Your chip is blocked. Your temporary PIN is ${v.pin}. Enter it followed by # at the club entrance. It works until ${v.until} or until you activate your new chip.`,
    forgottenPinSms: (v) =>
      `Your temporary PIN for today is ${v.pin}. Enter it followed by # at the club entrance. It works on ${v.until} only.`,
    smsFee: (v) => `The SMS service costs ${v.fee} and is added to your next invoice.`,
    contactManager: 'Questions about your temporary PIN? Your club manager is happy to help.',
    activatedMail: {
      subject: 'Your chip is activated',
      body: (v) => `your chip ${v.code} is activated and opens the doors of your club from ${v.date}.`,
      replaced: 'Your previous chip and any temporary PIN no longer work.',
    },
    lostMail: {
      subject: 'Your chip is blocked',
      body: (v) =>
        `you reported your chip ${v.code} lost on ${v.date}. It is blocked, so nobody can use it, and a replacement chip is ordered for you. Until you activate the new chip, use the temporary PIN we sent you by SMS; it works until ${v.until}.`,
      fee: (v) => `The replacement chip costs ${v.fee}, payable at your club when you pick it up.`,
    },
  },
  de: {
    refusals: {
      invalid_status_for_access: (v) =>
        `Chip und PIN sind nicht verfügbar, solange Ihre Mitgliedschaft den Status ${v.status} hat.`,
      chip_already_assigned: () =>
        'Dieser Chip ist bereits einer Mitgliedschaft zugeordnet. Bitte prüfen Sie den Code auf der Rückseite Ihres Chips oder wenden Sie sich an Ihren Club.',
      key_not_assigned: () => 'Chip nicht zugeordnet: Dieser Chip ist für Ihre Mitgliedschaft nicht aktiv.',
      chip_reported_lost: () =>
        'Dieser Chip wurde als verloren gemeldet und bleibt gesperrt. Bitte aktivieren Sie Ihren neuen Chip.',
      no_active_chip: () =>
        'Sie haben keinen aktiven Chip. Eine temporäre PIN für einen vergessenen Chip gibt es nur mit aktiviertem Chip.',
    },
    lostPinSms: (v) =>
      `Ihr Chip ist gesperrt. Ihre temporäre PIN lautet ${v.pin}. Geben Sie sie am Eingang Ihres Clubs ein, gefolgt von #. Sie gilt bis zum ${v.until} oder bis Sie Ihren neuen Chip aktivieren.`,
    forgottenPinSms: (v) =>
      `Ihre temporäre PIN für heute lautet ${v.pin}. Geben Sie sie am Eingang Ihres Clubs ein, gefolgt von #. Sie gilt nur am ${v.until}.`,
    smsFee: (v) => `Der SMS-Service kostet ${v.fee} und wird mit Ihrer nächsten Rechnung abgerechnet.`,
    contactManager: 'Fragen zu Ihrer temporären PIN? Ihre Clubleitung hilft Ihnen gerne weiter.',
    activatedMail: {
      subject: 'Ihr Chip ist aktiviert',
      body: (v) =>
        `Ihr Chip ${v.code} ist aktiviert und öffnet Ihnen ab dem ${v.date} die Türen Ihres Clubs.`,
      replaced: 'Ihr bisheriger Chip und eine temporäre PIN funktionieren nicht mehr.',
    },
    lostMail: {
      subject: 'Ihr Chip ist gesperrt',
      body: (v) =>
        `Sie haben Ihren Chip ${v.code} am ${v.date} als verloren gemeldet. Er ist gesperrt, sodass ihn niemand nutzen kann, und ein Ersatzchip ist für Sie bestellt. Bis Sie den neuen Chip aktivieren, nutzen Sie bitte die temporäre PIN, die wir Ihnen per SMS geschickt haben; sie gilt bis zum ${v.until}.`,
      fee: (v) => `Der Ersatzchip kostet ${v.fee} und wird bei der Abholung in Ihrem Club bezahlt.`,
    },
  },
  fr: {
    refusals: {
      invalid_status_for_access: (v) =>
        `Le badge et le code PIN ne sont pas disponibles tant que votre abonnement a le statut ${v.status}.`,
      chip_already_assigned: () =>
        'Ce badge est déjà attribué à un abonnement. Vérifiez le code au dos de votre badge ou adressez-vous à votre club.',
      key_not_assigned: () => 'Clé non attribuée : ce badge n’est pas actif sur votre abonnement.',
      chip_reported_lost: () =>
        'Ce badge a été déclaré perdu et reste bloqué. Veuillez activer votre nouveau badge.',
      no_active_chip: () =>
        'Vous n’avez pas de badge actif. Le code PIN temporaire pour badge oublié est réservé aux badges activés.',
    },
    lostPinSms: (v) =>
      `Votre badge est bloqué. Votre code PIN temporaire est ${v.pin}. Saisissez-le suivi de # à l’entrée du club. Il est valable jusqu’au ${v.until} ou jusqu’à l’activation de votre nouveau badge.`,
    forgottenPinSms: (v) =>
      `Votre code PIN temporaire du jour est ${v.pin}. Saisissez-le suivi de # à l’entrée du club. Il est valable le ${v.until} uniquement.`,
    smsFee: (v) => `Le service SMS coûte ${v.fee} et sera ajouté à votre prochaine facture.`,
    contactManager:
      'Une question sur votre code PIN temporaire ? Le responsable de votre club vous aidera volontiers.',
    activatedMail: {
      subject: 'Votre badge est activé',
      body: (v) =>
        `votre badge ${v.code} est activé et vous ouvre les portes de votre club dès le ${v.date}.`,
      replaced: 'Votre ancien badge et tout code PIN temporaire ne fonctionnent plus.',
    },
    lostMail: {
      subject: 'Votre badge est bloqué',
      body: (v) =>
        `vous avez déclaré la perte de votre badge ${v.code} le ${v.date}. Il est bloqué, personne ne peut l’utiliser, et un badge de remplacement a été commandé pour vous. En attendant d’activer le nouveau badge, utilisez le code PIN temporaire reçu par SMS ; il est valable jusqu’au ${v.until}.`,
      fee: (v) => `Le badge de remplacement coûte ${v.fee}, à régler au club lors du retrait.`,
    },
  },
  nb: {
    refusals: {
      invalid_status_for_access: (v) =>
        `Brikke og PIN-kode er ikke tilgjengelig så lenge medlemskapet har status ${v.status}.`,
      chip_already_assigned: () =>
        'Denne brikken er allerede knyttet til et medlemskap. Sjekk koden på baksiden av brikken, eller spør på senteret.',
      key_not_assigned: () => 'Brikken er ikke tildelt: Denne brikken er ikke aktiv på medlemskapet ditt.',
      chip_reported_lost: () =>
        'Denne brikken er meldt mistet og forblir sperret. Aktiver den nye brikken din.',
      no_active_chip: () =>
        'Du har ingen aktiv brikke. Midlertidig PIN-kode for glemt brikke gjelder bare når brikken er aktivert.',
    },
    lostPinSms: (v) =>
      `Brikken din er sperret. Din midlertidige PIN-kode er ${v.pin}. Tast den inn etterfulgt av # ved inngangen til senteret. Den gjelder til ${v.until} eller til du aktiverer den nye brikken.`,
    forgottenPinSms: (v) =>
      `Din midlertidige PIN-kode for i dag er ${v.pin}. Tast den inn etterfulgt av # ved inngangen til senteret. Den gjelder bare ${v.until}.`,
    smsFee: (v) => `SMS-tjenesten koster ${v.fee} og legges til på neste faktura.`,
    contactManager: 'Spørsmål om den midlertidige PIN-koden? Senterlederen hjelper deg gjerne.',
    activatedMail: {
      subject: 'Brikken din er aktivert',
      body: (v) => `brikken din ${v.code} er aktivert og åpner dørene på senteret fra ${v.date}.`,
      replaced: 'Den forrige brikken og en eventuell midlertidig PIN-kode virker ikke lenger.',
    },
    lostMail: {
      subject: 'Brikken din er sperret',
      body: (v) =>
        `du meldte brikken ${v.code} mistet ${v.date}. Den er sperret, så ingen kan bruke den, og en ny brikke er bestilt til deg. Til du har aktivert den nye brikken, bruker du den midlertidige PIN-koden vi sendte deg på SMS; den gjelder til ${v.until}.`,
      fee: (v) => `Den nye brikken koster ${v.fee}, som du betaler på senteret når du henter den.`,
    },
  },
  fi: {
    refusals: {
      invalid_status_for_access: (v) =>
        `Avainlätkä ja PIN-koodi eivät ole käytettävissä, kun jäsenyytesi tila on ”${v.status}”.`,
      chip_already_assigned: () =>
        'Tämä avainlätkä on jo liitetty jäsenyyteen. Tarkista lätkän takana oleva koodi tai kysy keskuksesta.',
      key_not_assigned: () => 'Tämä avainlätkä ei ole enää käytössä jäsenyydelläsi.',
      chip_reported_lost: () =>
        'Tämä avainlätkä on ilmoitettu kadonneeksi, ja se pysyy suljettuna. Aktivoi uusi avainlätkäsi.',
      no_active_chip: () =>
        'Sinulla ei ole aktivoitua avainlätkää. Tilapäisen PIN-koodin unohtuneen lätkän tilalle saat vain, jos lätkäsi on aktivoitu.',
    },
    lostPinSms: (v) =>
      `Avainlätkäsi on suljettu. Tilapäinen PIN-koodisi on ${v.pin}. Näppäile se ja sen perään # keskuksen ovella. Koodi toimii ${v.until} asti tai kunnes aktivoit uuden lätkän.`,
    forgottenPinSms: (v) =>
      `Tilapäinen PIN-koodisi tälle päivälle on ${v.pin}. Näppäile se ja sen perään # keskuksen ovella. Koodi toimii vain ${v.until}.`,
    smsFee: (v) => `Tekstiviestipalvelu maksaa ${v.fee}, ja se lisätään seuraavaan laskuusi.`,
    contactManager: 'Kysyttävää tilapäisestä PIN-koodista? Keskuksesi esihenkilö auttaa mielellään.',
    activatedMail: {
      subject: 'Avainlätkäsi on aktivoitu',
      body: (v) => `avainlätkäsi ${v.code} on aktivoitu, ja se avaa keskuksesi ovet ${v.date} alkaen.`,
      replaced: 'Aiempi avainlätkäsi ja mahdollinen tilapäinen PIN-koodi eivät enää toimi.',
    },
    lostMail: {
      subject: 'Avainlätkäsi on suljettu',
      body: (v) =>
        `ilmoitit avainlätkäsi ${v.code} kadonneeksi ${v.date}. Lätkä on suljettu, joten kukaan ei voi käyttää sitä, ja sinulle on tilattu uusi lätkä. Käytä uuden lätkän aktivointiin asti tekstiviestillä lähettämäämme tilapäistä PIN-koodia; se toimii ${v.until} asti.`,
      fee: (v) => `Uusi avainlätkä maksaa ${v.fee}, ja maksat sen keskuksessa noutaessasi lätkän.`,
    },
  },
};

/** Who the access messages go to, and in which language. */
export interface AccessRecipient {
  firstName: string;
  email: string;
  locale: string;
  mobilePrefix: string;
  mobileNumber: string;
}

type AccessOperator = Pick<
  OperatorSettings,
  'brand' | 'temporaryPinContactClubManager' | 'replacementChipFee'
>;

/** The member's mobile in E.164 (a 00 prefix becomes +; spaces and dashes go). */
export function e164(member: Pick<AccessRecipient, 'mobilePrefix' | 'mobileNumber'>): string {
  const prefix = member.mobilePrefix.trim().replace(/^00/, '+');
  return `${prefix.startsWith('+') ? prefix : `+${prefix}`}${member.mobileNumber.replace(/\D/g, '')}`;
}

function textsFor(locale: string) {
  return {
    t: accessTexts[languageOf(locale)],
    day: (date: string) => formatCalendarDate(date, locale),
    money: (fee: Money) => formatMoney(fee.amount, fee.currency, locale),
  };
}

/** An access SMS: the brand first, then its lines. */
export interface SmsText {
  to: string;
  text: string;
}

const sms = (operator: AccessOperator, member: AccessRecipient, lines: string[]): SmsText => ({
  to: e164(member),
  text: [`${operator.brand}:`, ...lines].join(' '),
});

function mail(operator: AccessOperator, member: AccessRecipient, subject: string, body: string[]) {
  return {
    to: member.email,
    subject: `${operator.brand}: ${subject}`,
    text: `${greeted(languageOf(member.locale), member.firstName, body.join(' '))}\n\n${operator.brand}`,
  };
}

/** The temporary PIN after a lost chip, by SMS; Germany names the club manager as contact. */
export function lostChipPinSms(
  operator: AccessOperator,
  member: AccessRecipient,
  pin: string,
  until: IsoDate,
): SmsText {
  const { t, day } = textsFor(member.locale);
  const lines = [t.lostPinSms({ pin, until: day(until) })];
  if (operator.temporaryPinContactClubManager) lines.push(t.contactManager);
  return sms(operator, member, lines);
}

/** Today's PIN for a forgotten chip, by SMS, naming the SMS fee where there is one. */
export function forgottenChipPinSms(
  operator: AccessOperator,
  member: AccessRecipient,
  pin: string,
  today: IsoDate,
  fee: Money | null,
): SmsText {
  const { t, day, money } = textsFor(member.locale);
  const lines = [t.forgottenPinSms({ pin, until: day(today) })];
  if (fee) lines.push(t.smsFee({ fee: money(fee) }));
  if (operator.temporaryPinContactClubManager) lines.push(t.contactManager);
  return sms(operator, member, lines);
}

export function chipActivatedMail(
  operator: AccessOperator,
  member: AccessRecipient,
  code: string,
  today: IsoDate,
  replacedOthers: boolean,
) {
  const { t, day } = textsFor(member.locale);
  const body = [t.activatedMail.body({ code, date: day(today) })];
  if (replacedOthers) body.push(t.activatedMail.replaced);
  return mail(operator, member, t.activatedMail.subject, body);
}

export function chipLostMail(
  operator: AccessOperator,
  member: AccessRecipient,
  code: string,
  today: IsoDate,
  until: IsoDate,
) {
  const { t, day, money } = textsFor(member.locale);
  const body = [t.lostMail.body({ code, date: day(today), until: day(until) })];
  const fee = operator.replacementChipFee;
  if (fee) body.push(t.lostMail.fee({ fee: money(fee) }));
  return mail(operator, member, t.lostMail.subject, body);
}

/** The message of a refusal of this area in the member's language. */
export function accessRefusalMessage(locale: string, type: AccessRefusal, status: string): string {
  return accessTexts[languageOf(locale)].refusals[type]({ status });
}
