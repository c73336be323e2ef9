import type { Language } from '@portal/contract';
import { plural } from './localeText.ts';

/**
 * The withdrawal's receipt in text form: what was received and when, that the membership
 * has ended, and how paid fees come back (§ 357 (1), § 357a (2) BGB: within 14 days, less
 * the value of the days the member could already train).
 */
export interface WithdrawalTexts {
  subject: string;
  receivedAt: (date: string, time: string) => string;
  what: (number: string) => string;
  ended: (date: string) => string;
  refundUsed: (days: number) => string;
  refundAll: string;
  keep: string;
}

export const withdrawalTexts: Record<Language, WithdrawalTexts> = {
  en: {
    subject: 'Confirmation of your withdrawal',
    receivedAt: (date, time) => `Your withdrawal was received on ${date} at ${time}.`,
    what: (number) => `You have withdrawn from your membership contract (membership number ${number}).`,
    ended: (date) => `Your membership has therefore ended today, ${date}.`,
    refundUsed: (days) =>
      `We will refund the fees you have paid within 14 days, in the way you paid them, less the value of ${plural(days, 'en', { one: 'the one day', other: `the ${days} days` })} on which you could already train.`,
    refundAll:
      'As your membership had not started yet, we will refund everything you have paid within 14 days, in the way you paid it.',
    keep: 'Please keep this e-mail as proof.',
  },
  de: {
    subject: 'Bestätigung Ihres Widerrufs',
    receivedAt: (date, time) => `Ihr Widerruf ist am ${date} um ${time} Uhr bei uns eingegangen.`,
    what: (number) =>
      `Sie haben Ihren Vertrag über die Mitgliedschaft (Mitgliedsnummer ${number}) widerrufen.`,
    ended: (date) => `Ihre Mitgliedschaft ist damit heute, am ${date}, beendet.`,
    refundUsed: (days) =>
      `Bereits gezahlte Beiträge erstatten wir Ihnen innerhalb von 14 Tagen auf dem Weg, auf dem Sie gezahlt haben, abzüglich des anteiligen Werts ${plural(days, 'de', { one: 'des einen Tages, an dem', other: `der ${days} Tage, an denen` })} Sie bereits trainieren konnten.`,
    refundAll:
      'Da Ihre Mitgliedschaft noch nicht begonnen hatte, erstatten wir Ihnen alles, was Sie bereits gezahlt haben, innerhalb von 14 Tagen auf dem Weg, auf dem Sie gezahlt haben.',
    keep: 'Bitte bewahren Sie diese E-Mail als Nachweis auf.',
  },
  fr: {
    subject: 'Confirmation de votre rétractation',
    receivedAt: (date, time) => `Votre rétractation nous est parvenue le ${date} à ${time}.`,
    what: (number) =>
      `Vous avez exercé votre droit de rétractation pour votre contrat d’abonnement (numéro de membre ${number}).`,
    ended: (date) => `Votre abonnement a donc pris fin aujourd’hui, le ${date}.`,
    refundUsed: (days) =>
      `Nous vous rembourserons les sommes versées dans un délai de 14 jours, par le moyen de paiement utilisé, déduction faite de la valeur ${plural(days, 'fr', { one: 'du jour pendant lequel', other: `des ${days}\u00a0jours pendant lesquels` })} vous pouviez déjà vous entraîner.`,
    refundAll:
      'Votre abonnement n’ayant pas encore commencé, nous vous rembourserons l’intégralité des sommes versées dans un délai de 14 jours, par le moyen de paiement utilisé.',
    keep: 'Veuillez conserver cet e-mail comme justificatif.',
  },
  nb: {
    subject: 'Bekreftelse på at du har brukt angreretten',
    receivedAt: (date, time) => `Vi mottok angremeldingen din ${date} kl. ${time}.`,
    what: (number) => `Du har brukt angreretten for medlemskapsavtalen din (medlemsnummer ${number}).`,
    ended: (date) => `Medlemskapet ditt ble dermed avsluttet i dag, ${date}.`,
    refundUsed: (days) =>
      `Vi betaler tilbake det du har betalt innen 14 dager, på samme måte som du betalte, med fradrag for verdien av ${plural(days, 'nb', { one: 'den ene dagen', other: `de ${days} dagene` })} du allerede kunne trene.`,
    refundAll:
      'Fordi medlemskapet ditt ikke hadde startet ennå, betaler vi tilbake alt du har betalt innen 14 dager, på samme måte som du betalte.',
    keep: 'Ta vare på denne e-posten som dokumentasjon.',
  },
  fi: {
    subject: 'Vahvistus sopimuksen peruuttamisesta',
    receivedAt: (date, time) => `Vastaanotimme peruuttamisilmoituksesi ${date} klo ${time}.`,
    what: (number) => `Olet peruuttanut jäsenyyssopimuksesi (jäsennumero ${number}).`,
    ended: (date) => `Jäsenyytesi päättyi siten tänään ${date}.`,
    refundUsed: (days) =>
      `Palautamme maksamasi maksut 14 päivän kuluessa samalla tavalla kuin maksoit ne, vähennettynä ${plural(days, 'fi', { one: 'sen yhden päivän arvolla, jona', other: `niiden ${days} päivän arvolla, joina` })} olet jo voinut treenata.`,
    refundAll:
      'Koska jäsenyytesi ei ollut vielä alkanut, palautamme kaiken maksamasi 14 päivän kuluessa samalla tavalla kuin maksoit.',
    keep: 'Säilytä tämä sähköposti todisteena.',
  },
};
