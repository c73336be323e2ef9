import type { Language } from '@portal/contract';
import { plural } from './localeText.ts';

/** Why a refund of closed days is refused (422 types of this area). */
export type RefundRefusal = 'nothing_to_refund' | 'already_refunded' | 'refund_failed';

/** Values the e-mails fill in, already formatted for the member's locale. */
export interface RefundTextValues {
  amount: string;
  from: string;
  to: string;
  closed: number;
  paid: number;
  invoice: string;
  /** The masked bank account of a manual refund. */
  account?: string;
}

type Text = (v: RefundTextValues) => string;

interface RefundTexts {
  refusals: Record<RefundRefusal, string>;
  /** 400 for an account number that is neither an IBAN nor (in Norway) a Norwegian one. */
  invalidAccount: (norway: boolean) => string;
  /** The first sentence of both e-mails: which days, of which invoice. */
  closedDays: Text;
  cardMail: { subject: string; body: Text };
  bankMail: { subject: string; body: Text };
}

export const refundTexts: Record<Language, RefundTexts> = {
  en: {
    refusals: {
      nothing_to_refund: 'This invoice has no closed days to refund.',
      already_refunded: 'The closed days of this invoice have already been refunded.',
      refund_failed:
        'The refund to your card did not go through. Please try again later, or have the amount transferred to your bank account instead.',
    },
    invalidAccount: (norway) =>
      `Please enter a valid IBAN${norway ? ' or an 11-digit Norwegian account number' : ''}.`,
    closedDays: (v) =>
      `your club was closed from ${v.from} to ${v.to}: ${v.closed} of the ${v.paid} days you paid for with invoice ${v.invoice}.`,
    cardMail: {
      subject: 'Your refund for the closed days',
      body: (v) =>
        `We have refunded ${v.amount} to the card you paid with. Depending on your bank, it may take a few days to show on your statement.`,
    },
    bankMail: {
      subject: 'Your refund by bank transfer',
      body: (v) =>
        `We will transfer ${v.amount} to your bank account ${v.account}. The transfer can take up to 14 days.`,
    },
  },
  de: {
    refusals: {
      nothing_to_refund: 'Für diese Rechnung gibt es keine Schließtage zu erstatten.',
      already_refunded: 'Die Schließtage dieser Rechnung wurden bereits erstattet.',
      refund_failed:
        'Die Erstattung auf Ihre Karte ist fehlgeschlagen. Bitte versuchen Sie es später erneut oder lassen Sie sich den Betrag stattdessen auf Ihr Bankkonto überweisen.',
    },
    invalidAccount: (norway) =>
      `Bitte geben Sie eine gültige IBAN${norway ? ' oder eine 11-stellige norwegische Kontonummer' : ''} ein.`,
    closedDays: (v) =>
      `Ihr Club war vom ${v.from} bis zum ${v.to} geschlossen – ${v.closed} der ${v.paid} Tage, die Sie mit der Rechnung ${v.invoice} bezahlt haben.`,
    cardMail: {
      subject: 'Ihre Erstattung für die Schließtage',
      body: (v) =>
        `Wir haben Ihnen ${v.amount} auf die Karte erstattet, mit der Sie bezahlt haben. Je nach Bank kann es einige Tage dauern, bis die Gutschrift auf Ihrer Kartenabrechnung erscheint.`,
    },
    bankMail: {
      subject: 'Ihre Erstattung per Überweisung',
      body: (v) =>
        `Wir überweisen Ihnen ${v.amount} auf Ihr Konto ${v.account}. Die Überweisung kann bis zu 14 Tage dauern.`,
    },
  },
  fr: {
    refusals: {
      nothing_to_refund: 'Cette facture ne comporte aucun jour de fermeture à rembourser.',
      already_refunded: 'Les jours de fermeture de cette facture ont déjà été remboursés.',
      refund_failed:
        'Le remboursement sur votre carte n’a pas abouti. Veuillez réessayer plus tard ou demander plutôt un virement sur votre compte bancaire.',
    },
    invalidAccount: (norway) =>
      `Veuillez saisir un IBAN valide${norway ? ' ou un numéro de compte norvégien à 11 chiffres' : ''}.`,
    closedDays: (v) =>
      `votre club était fermé du ${v.from} au ${v.to}, soit ${v.closed} des ${v.paid} jours réglés avec la facture ${v.invoice}.`,
    cardMail: {
      subject: 'Remboursement de vos jours de fermeture',
      body: (v) =>
        `Nous vous avons remboursé ${v.amount} sur la carte utilisée pour ce paiement. Selon votre banque, le montant peut mettre quelques jours à apparaître sur votre relevé.`,
    },
    bankMail: {
      subject: 'Votre remboursement par virement',
      body: (v) =>
        `Nous allons virer ${v.amount} sur votre compte bancaire ${v.account}. Le virement peut prendre jusqu’à 14 jours.`,
    },
  },
  nb: {
    refusals: {
      nothing_to_refund: 'Denne fakturaen har ingen stengte dager å refundere.',
      already_refunded: 'De stengte dagene på denne fakturaen er allerede refundert.',
      refund_failed:
        'Refusjonen til kortet ditt gikk ikke gjennom. Prøv igjen senere, eller få beløpet overført til bankkontoen din i stedet.',
    },
    invalidAccount: (norway) =>
      norway
        ? 'Skriv inn et gyldig kontonummer med 11 siffer eller et gyldig IBAN-nummer.'
        : 'Skriv inn et gyldig IBAN-nummer.',
    closedDays: (v) =>
      `senteret ditt var stengt fra ${v.from} til ${v.to} – ${v.closed} av de ${v.paid} dagene du betalte for med faktura ${v.invoice}.`,
    cardMail: {
      subject: 'Refusjon for stengte dager',
      body: (v) =>
        `Vi har refundert ${v.amount} til kortet du betalte med. Avhengig av banken din kan det ta noen dager før beløpet vises på kontoutskriften din.`,
    },
    bankMail: {
      subject: 'Refusjon til bankkontoen din',
      body: (v) =>
        `Vi overfører ${v.amount} til bankkontoen din ${v.account}. Overføringen kan ta opptil 14 dager.`,
    },
  },
  fi: {
    refusals: {
      nothing_to_refund: 'Tällä laskulla ei ole hyvitettäviä suljettuja päiviä.',
      already_refunded: 'Tämän laskun suljetut päivät on jo hyvitetty.',
      refund_failed:
        'Hyvitys kortillesi ei onnistunut. Yritä myöhemmin uudelleen tai pyydä summa tilisiirtona pankkitilillesi.',
    },
    invalidAccount: (norway) =>
      `Anna kelvollinen IBAN-tilinumero${norway ? ' tai 11-numeroinen norjalainen tilinumero' : ''}.`,
    closedDays: (v) =>
      `keskuksesi oli suljettuna ${v.from} – ${v.to}, eli ${v.closed} ${plural(v.closed, 'fi', { one: 'päivä', other: 'päivää' })} niistä ${v.paid} päivästä, jotka maksoit laskulla ${v.invoice}.`,
    cardMail: {
      subject: 'Hyvitys suljetuilta päiviltä',
      body: (v) =>
        `Olemme hyvittäneet ${v.amount} kortille, jolla maksoit. Pankista riippuen voi kestää muutaman päivän, ennen kuin summa näkyy korttitapahtumissasi.`,
    },
    bankMail: {
      subject: 'Hyvitys pankkitilillesi',
      body: (v) =>
        `Siirrämme ${v.amount} pankkitilillesi ${v.account}. Siirto voi kestää enintään 14 päivää.`,
    },
  },
};
