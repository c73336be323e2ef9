import type { Language } from '@portal/contract';
import { SEPA_PRE_NOTIFICATION_DAYS } from './sepa.ts';

/*
 * The words of a SEPA Core mandate and of its confirmation, in the member's language
 * (docs/payments.md "SEPA direct debit"). The mandate text is the scheme's standard wording
 * (authorisation of the creditor, instruction to the bank, the eight-week refund right),
 * with the shortened pre-notification period; the portal shows it, the e-mail repeats it.
 */

export interface MandateParties {
  creditorName: string;
  creditorId: string;
}

export const sepaMandateText: Record<Language, (p: MandateParties) => string[]> = {
  de: ({ creditorName, creditorId }) => [
    `SEPA-Lastschriftmandat für wiederkehrende Zahlungen. Gläubiger: ${creditorName}, Gläubiger-Identifikationsnummer ${creditorId}.`,
    `Ich ermächtige ${creditorName}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von ${creditorName} auf mein Konto gezogenen Lastschriften einzulösen.`,
    'Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.',
    `Die Frist für die Vorabankündigung der Lastschrift wird auf ${SEPA_PRE_NOTIFICATION_DAYS} Tage verkürzt.`,
  ],
  en: ({ creditorName, creditorId }) => [
    `SEPA Direct Debit mandate for recurrent payments. Creditor: ${creditorName}, creditor identifier ${creditorId}.`,
    `By agreeing to this mandate, you authorise (A) ${creditorName} to send instructions to your bank to debit your account and (B) your bank to debit your account in accordance with the instructions from ${creditorName}.`,
    'As part of your rights, you are entitled to a refund from your bank under the terms and conditions of your agreement with your bank. A refund must be claimed within eight weeks starting from the date on which your account was debited.',
    `You will be notified of each debit at least ${SEPA_PRE_NOTIFICATION_DAYS} days before it is collected.`,
  ],
  fr: ({ creditorName, creditorId }) => [
    `Mandat de prélèvement SEPA pour des paiements récurrents. Créancier : ${creditorName}, identifiant créancier ${creditorId}.`,
    `En acceptant ce mandat, vous autorisez (A) ${creditorName} à envoyer des instructions à votre banque pour débiter votre compte, et (B) votre banque à débiter votre compte conformément aux instructions de ${creditorName}.`,
    'Vous bénéficiez du droit d’être remboursé par votre banque selon les conditions décrites dans la convention que vous avez passée avec elle. Une demande de remboursement doit être présentée dans les huit semaines suivant la date de débit de votre compte.',
    `Chaque prélèvement vous est annoncé au moins ${SEPA_PRE_NOTIFICATION_DAYS} jours à l’avance.`,
  ],
  nb: ({ creditorName, creditorId }) => [
    `SEPA-fullmakt for gjentakende trekk. Kreditor: ${creditorName}, kreditor-ID ${creditorId}.`,
    `Ved å godta denne fullmakten gir du (A) ${creditorName} rett til å sende instrukser til banken din om å belaste kontoen din, og (B) banken din rett til å belaste kontoen din i samsvar med instruksene fra ${creditorName}.`,
    'Du har rett til å få pengene tilbake fra banken din etter vilkårene i avtalen du har med banken. Krav om tilbakebetaling må settes fram innen åtte uker fra datoen kontoen ble belastet.',
    `Du får beskjed om hvert trekk minst ${SEPA_PRE_NOTIFICATION_DAYS} dager før det gjennomføres.`,
  ],
  fi: ({ creditorName, creditorId }) => [
    `SEPA-suoraveloitusvaltuutus toistuville maksuille. Maksunsaaja: ${creditorName}, maksunsaajan tunnus ${creditorId}.`,
    `Hyväksymällä tämän valtuutuksen valtuutat (A) maksunsaajan ${creditorName} lähettämään pankillesi ohjeita tilisi veloittamiseksi ja (B) pankkisi veloittamaan tiliäsi maksunsaajan ohjeiden mukaisesti.`,
    'Sinulla on oikeus saada veloitus takaisin pankiltasi pankkisi kanssa tekemäsi sopimuksen ehtojen mukaisesti. Palautusta on vaadittava kahdeksan viikon kuluessa siitä päivästä, jona tiliäsi veloitettiin.',
    `Saat ilmoituksen jokaisesta veloituksesta vähintään ${SEPA_PRE_NOTIFICATION_DAYS} päivää etukäteen.`,
  ],
};

export interface SepaMandateMailFacts extends MandateParties {
  reference: string;
  maskedIban: string;
  accountHolder: string;
  /** The pre-notification: formatted date and amount, or null when nothing is due yet. */
  nextDebit: { date: string; amount: string } | null;
}

export const sepaMandateMail: Record<
  Language,
  (f: SepaMandateMailFacts) => { subject: string; body: string }
> = {
  de: (f) => ({
    subject: 'Ihr SEPA-Lastschriftmandat',
    body: [
      `Ihre Bankverbindung ist geändert: Ab jetzt buchen wir Ihre Beiträge per SEPA-Lastschrift von ${f.maskedIban} (${f.accountHolder}) ab.`,
      `Mandatsreferenz: ${f.reference}\nGläubiger-ID: ${f.creditorId}\nGläubiger: ${f.creditorName}`,
      f.nextDebit
        ? `Vorabankündigung: Am ${f.nextDebit.date} buchen wir ${f.nextDebit.amount} von Ihrem Konto ab.`
        : 'Vor jeder Abbuchung kündigen wir Ihnen Datum und Betrag an.',
      sepaMandateText.de(f).join('\n\n'),
    ].join('\n\n'),
  }),
  en: (f) => ({
    subject: 'Your SEPA Direct Debit mandate',
    body: [
      `your bank details have changed: from now on we collect your fees by SEPA Direct Debit from ${f.maskedIban} (${f.accountHolder}).`,
      `Mandate reference: ${f.reference}\nCreditor identifier: ${f.creditorId}\nCreditor: ${f.creditorName}`,
      f.nextDebit
        ? `Pre-notification: on ${f.nextDebit.date} we will debit ${f.nextDebit.amount} from your account.`
        : 'We will tell you the date and amount before each debit.',
      sepaMandateText.en(f).join('\n\n'),
    ].join('\n\n'),
  }),
  fr: (f) => ({
    subject: 'Votre mandat de prélèvement SEPA',
    body: [
      `vos coordonnées bancaires ont changé : nous prélevons désormais vos cotisations par prélèvement SEPA sur ${f.maskedIban} (${f.accountHolder}).`,
      `Référence unique du mandat : ${f.reference}\nIdentifiant créancier : ${f.creditorId}\nCréancier : ${f.creditorName}`,
      f.nextDebit
        ? `Pré-notification : le ${f.nextDebit.date}, nous prélèverons ${f.nextDebit.amount} sur votre compte.`
        : 'Nous vous annonçons la date et le montant avant chaque prélèvement.',
      sepaMandateText.fr(f).join('\n\n'),
    ].join('\n\n'),
  }),
  nb: (f) => ({
    subject: 'SEPA-fullmakten din',
    body: [
      `bankopplysningene dine er endret: Fra nå av trekker vi medlemsavgiften med SEPA-trekk fra ${f.maskedIban} (${f.accountHolder}).`,
      `Fullmaktsreferanse: ${f.reference}\nKreditor-ID: ${f.creditorId}\nKreditor: ${f.creditorName}`,
      f.nextDebit
        ? `Forhåndsvarsel: ${f.nextDebit.date} trekker vi ${f.nextDebit.amount} fra kontoen din.`
        : 'Vi varsler deg om dato og beløp før hvert trekk.',
      sepaMandateText.nb(f).join('\n\n'),
    ].join('\n\n'),
  }),
  fi: (f) => ({
    subject: 'SEPA-suoraveloitusvaltuutuksesi',
    body: [
      `pankkitietosi on vaihdettu: veloitamme jäsenmaksusi tästä lähtien SEPA-suoraveloituksena tililtä ${f.maskedIban} (${f.accountHolder}).`,
      `Valtuutuksen viite: ${f.reference}\nMaksunsaajan tunnus: ${f.creditorId}\nMaksunsaaja: ${f.creditorName}`,
      f.nextDebit
        ? `Ennakkoilmoitus: veloitamme tililtäsi ${f.nextDebit.amount} ${f.nextDebit.date}.`
        : 'Ilmoitamme päivän ja summan ennen jokaista veloitusta.',
      sepaMandateText.fi(f).join('\n\n'),
    ].join('\n\n'),
  }),
};

export type SepaRefusal =
  | 'payment_method_not_offered'
  | 'invalid_current_password'
  | 'invalid_iban'
  | 'iban_not_sepa'
  | 'invalid_account_holder'
  | 'sepa_unavailable';

export const sepaRefusalTexts: Record<Language, Record<SepaRefusal, string>> = {
  de: {
    payment_method_not_offered: 'Lastschrift wird hier nicht angeboten.',
    invalid_current_password: 'Das Passwort stimmt nicht.',
    invalid_iban: 'Diese IBAN ist nicht gültig. Bitte prüfen Sie Länge und Prüfziffern.',
    iban_not_sepa: 'Diese IBAN gehört zu keinem Land des SEPA-Raums.',
    invalid_account_holder:
      'Bitte geben Sie den Namen des Kontoinhabers ein (2 bis 70 Zeichen, lateinische Schrift).',
    sepa_unavailable:
      'Die Lastschrift ist gerade nicht verfügbar. Bitte versuchen Sie es später noch einmal.',
  },
  en: {
    payment_method_not_offered: 'Direct debit is not offered here.',
    invalid_current_password: 'The password is not correct.',
    invalid_iban: 'This IBAN is not valid. Please check its length and check digits.',
    iban_not_sepa: 'This IBAN belongs to a country outside the SEPA area.',
    invalid_account_holder: 'Please enter the account holder’s name (2 to 70 characters, Latin letters).',
    sepa_unavailable: 'Direct debit is not available right now. Please try again later.',
  },
  fr: {
    payment_method_not_offered: 'Le prélèvement n’est pas proposé ici.',
    invalid_current_password: 'Le mot de passe est incorrect.',
    invalid_iban: 'Cet IBAN n’est pas valide. Vérifiez sa longueur et sa clé de contrôle.',
    iban_not_sepa: 'Cet IBAN appartient à un pays hors de la zone SEPA.',
    invalid_account_holder: 'Saisissez le nom du titulaire du compte (2 à 70 caractères, alphabet latin).',
    sepa_unavailable: 'Le prélèvement n’est pas disponible pour le moment. Réessayez plus tard.',
  },
  nb: {
    payment_method_not_offered: 'Trekk fra bankkonto tilbys ikke her.',
    invalid_current_password: 'Passordet er feil.',
    invalid_iban: 'Dette IBAN-nummeret er ikke gyldig. Sjekk lengden og kontrollsifrene.',
    iban_not_sepa: 'Dette IBAN-nummeret hører til et land utenfor SEPA-området.',
    invalid_account_holder: 'Skriv inn navnet på kontoinnehaveren (2 til 70 tegn, latinske bokstaver).',
    sepa_unavailable: 'Trekk fra bankkonto er ikke tilgjengelig akkurat nå. Prøv igjen senere.',
  },
  fi: {
    payment_method_not_offered: 'Suoraveloitus ei ole käytettävissä täällä.',
    invalid_current_password: 'Salasana on väärä.',
    invalid_iban: 'IBAN ei ole kelvollinen. Tarkista sen pituus ja tarkisteet.',
    iban_not_sepa: 'IBAN kuuluu SEPA-alueen ulkopuoliseen maahan.',
    invalid_account_holder: 'Anna tilinomistajan nimi (2–70 merkkiä latinalaisin kirjaimin).',
    sepa_unavailable: 'Suoraveloitus ei ole juuri nyt käytettävissä. Yritä myöhemmin uudelleen.',
  },
};
