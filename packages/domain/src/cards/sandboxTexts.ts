import type { Language } from '@portal/contract';
import { languageOf } from '../locale.ts';
import { CARD_ENTRY_ERRORS, type CardBehaviour, SANDBOX_CLOSED } from './testCards.ts';

/**
 * The sandbox card provider's hosted page in the member's language (the server's pages and
 * the demo's draw the same words). The field errors and closed reasons of testCards.ts
 * are its English texts; `sandboxMessage` gives them in another language.
 */
export interface CardSandboxTexts {
  title: string;
  verification: string;
  checkDetails: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  verify: string;
  /** A one-off payment of an open invoice: the summary's label, the title, the button. */
  payment: string;
  payTitle: string;
  pay: (amount: string) => string;
  cancel: string;
  testCards: string;
  whatHappens: string;
  behaviours: Record<CardBehaviour, string>;
  confirmTitle: string;
  confirmText: (last4: string) => string;
  confirm: string;
  fail: string;
  returning: (merchant: string) => string;
  continueTo: (merchant: string) => string;
  closedTitle: string;
  noSandbox: string;
  secured: (provider: string, merchant: string) => string;
  /** The English messages of testCards.ts, by their English text. */
  messages: Record<string, string>;
}

type Messages = Record<keyof typeof CARD_ENTRY_ERRORS | keyof typeof SANDBOX_CLOSED, string>;

/** A language's texts of the English field errors and closed reasons, keyed by the English text. */
function messages(m: Messages): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries({ ...CARD_ENTRY_ERRORS, ...SANDBOX_CLOSED }))
    out[text] = m[key as keyof Messages];
  return out;
}

export const cardSandboxTexts: Record<Language, CardSandboxTexts> = {
  en: {
    title: 'Add a payment card',
    verification: 'Card verification',
    checkDetails: 'Please check the card details below.',
    cardNumber: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    verify: 'Verify card',
    payment: 'Payment',
    payTitle: 'Pay by card',
    pay: (amount) => `Pay ${amount}`,
    cancel: 'Cancel',
    testCards: 'Sandbox test cards (any future expiry date, any CVC)',
    whatHappens: 'What happens',
    behaviours: {
      approve: 'Registered',
      three_d_secure: '3-D Secure step: confirm registers it, fail ends in error 140',
      decline: 'Declined by the processor (error 121)',
      decline_charges: 'Registered, but every later charge is declined (error 121)',
    },
    confirmTitle: 'Confirm it is you',
    confirmText: (last4) =>
      `Your bank asks you to confirm this card verification for the card ending in ${last4} (sandbox: choose the outcome).`,
    confirm: 'Confirm',
    fail: 'Fail authentication',
    returning: (merchant) => `Returning to ${merchant}`,
    continueTo: (merchant) => `Continue to ${merchant}`,
    closedTitle: 'This checkout is closed',
    noSandbox: 'No sandbox for this provider.',
    secured: (provider, merchant) =>
      `Secured by ${provider}. Card details go to ${provider} only, never to ${merchant}.`,
    messages: messages({ ...CARD_ENTRY_ERRORS, ...SANDBOX_CLOSED }),
  },
  de: {
    title: 'Zahlungskarte hinzufügen',
    verification: 'Kartenprüfung',
    checkDetails: 'Bitte prüfen Sie die Kartendaten unten.',
    cardNumber: 'Kartennummer',
    expiry: 'Gültig bis (MM/JJ)',
    cvc: 'Prüfnummer (CVC)',
    verify: 'Karte prüfen',
    payment: 'Zahlung',
    payTitle: 'Mit Karte bezahlen',
    pay: (amount) => `${amount} bezahlen`,
    cancel: 'Abbrechen',
    testCards: 'Testkarten der Sandbox (jedes künftige Ablaufdatum, jede CVC)',
    whatHappens: 'Was passiert',
    behaviours: {
      approve: 'Wird hinterlegt',
      three_d_secure: '3-D-Secure-Schritt: „Bestätigen“ hinterlegt sie, „Fehlschlagen“ endet mit Fehler 140',
      decline: 'Vom Zahlungsabwickler abgelehnt (Fehler 121)',
      decline_charges: 'Wird hinterlegt, aber jede spätere Abbuchung wird abgelehnt (Fehler 121)',
    },
    confirmTitle: 'Bestätigen Sie, dass Sie es sind',
    confirmText: (last4) =>
      `Ihre Bank bittet Sie, diese Kartenprüfung für die Karte mit der Endung ${last4} zu bestätigen (Sandbox: Wählen Sie das Ergebnis).`,
    confirm: 'Bestätigen',
    fail: 'Fehlschlagen lassen',
    returning: (merchant) => `Zurück zu ${merchant}`,
    continueTo: (merchant) => `Weiter zu ${merchant}`,
    closedTitle: 'Dieser Vorgang ist abgeschlossen',
    noSandbox: 'Für diesen Anbieter gibt es keine Sandbox.',
    secured: (provider, merchant) =>
      `Gesichert durch ${provider}. Ihre Kartendaten gehen nur an ${provider}, nie an ${merchant}.`,
    messages: messages({
      numberInvalid: 'Die Kartennummer ist ungültig.',
      numberNotTest: 'Diese Sandbox nimmt nur die unten aufgeführten Testkarten an.',
      expiryFormat: 'Geben Sie das Ablaufdatum als MM/JJ ein.',
      cardExpired: 'Die Karte ist abgelaufen.',
      cvc: 'Geben Sie die 3 oder 4 Ziffern auf der Rückseite der Karte ein.',
      unknown: 'Diesen Vorgang gibt es nicht.',
      completed: 'Dieser Vorgang ist bereits abgeschlossen (Fehler 168).',
      expired: 'Dieser Vorgang ist abgelaufen (Fehler 169). Bitte starten Sie erneut im Mitgliederportal.',
    }),
  },
  fr: {
    title: 'Ajouter une carte de paiement',
    verification: 'Vérification de la carte',
    checkDetails: 'Veuillez vérifier les données de la carte ci-dessous.',
    cardNumber: 'Numéro de carte',
    expiry: 'Date d’expiration (MM/AA)',
    cvc: 'Code de sécurité (CVC)',
    verify: 'Vérifier la carte',
    payment: 'Paiement',
    payTitle: 'Payer par carte',
    pay: (amount) => `Payer ${amount}`,
    cancel: 'Annuler',
    testCards: 'Cartes de test de la sandbox (toute date d’expiration future, tout CVC)',
    whatHappens: 'Ce qui se passe',
    behaviours: {
      approve: 'Enregistrée',
      three_d_secure:
        'Étape 3-D Secure\u00a0: «\u00a0Confirmer\u00a0» l’enregistre, «\u00a0Faire échouer\u00a0» aboutit à l’erreur 140',
      decline: 'Refusée par l’organisme de paiement (erreur 121)',
      decline_charges: 'Enregistrée, mais chaque débit ultérieur est refusé (erreur 121)',
    },
    confirmTitle: 'Confirmez votre identité',
    confirmText: (last4) =>
      `Votre banque vous demande de confirmer cette vérification pour la carte se terminant par ${last4} (sandbox\u00a0: choisissez le résultat).`,
    confirm: 'Confirmer',
    fail: 'Faire échouer',
    returning: (merchant) => `Retour vers ${merchant}`,
    continueTo: (merchant) => `Continuer vers ${merchant}`,
    closedTitle: 'Ce paiement est clos',
    noSandbox: 'Aucune sandbox pour ce prestataire.',
    secured: (provider, merchant) =>
      `Sécurisé par ${provider}. Les données de votre carte vont uniquement à ${provider}, jamais à ${merchant}.`,
    messages: messages({
      numberInvalid: 'Le numéro de carte n’est pas valide.',
      numberNotTest: 'Cette sandbox n’accepte que les cartes de test indiquées ci-dessous.',
      expiryFormat: 'Saisissez la date d’expiration au format MM/AA.',
      cardExpired: 'La carte a expiré.',
      cvc: 'Saisissez les 3 ou 4 chiffres au dos de la carte.',
      unknown: 'Ce paiement n’existe pas.',
      completed: 'Ce paiement est déjà terminé (erreur 168).',
      expired: 'Ce paiement a expiré (erreur 169). Veuillez recommencer depuis l’espace membre.',
    }),
  },
  nb: {
    title: 'Legg til betalingskort',
    verification: 'Kortbekreftelse',
    checkDetails: 'Sjekk kortopplysningene nedenfor.',
    cardNumber: 'Kortnummer',
    expiry: 'Utløpsdato (MM/ÅÅ)',
    cvc: 'Sikkerhetskode (CVC)',
    verify: 'Bekreft kortet',
    payment: 'Betaling',
    payTitle: 'Betal med kort',
    pay: (amount) => `Betal ${amount}`,
    cancel: 'Avbryt',
    testCards: 'Testkort i sandkassen (hvilken som helst fremtidig utløpsdato og CVC)',
    whatHappens: 'Hva skjer',
    behaviours: {
      approve: 'Registreres',
      three_d_secure: '3-D Secure-steg: «Bekreft» registrerer kortet, «La det mislykkes» gir feil 140',
      decline: 'Avvist av betalingsbehandleren (feil 121)',
      decline_charges: 'Registreres, men alle senere trekk avvises (feil 121)',
    },
    confirmTitle: 'Bekreft at det er deg',
    confirmText: (last4) =>
      `Banken din ber deg bekrefte denne kortbekreftelsen for kortet som slutter på ${last4} (sandkasse: velg utfallet).`,
    confirm: 'Bekreft',
    fail: 'La det mislykkes',
    returning: (merchant) => `Tilbake til ${merchant}`,
    continueTo: (merchant) => `Fortsett til ${merchant}`,
    closedTitle: 'Denne betalingen er avsluttet',
    noSandbox: 'Ingen sandkasse for denne leverandøren.',
    secured: (provider, merchant) =>
      `Sikret av ${provider}. Kortopplysningene går bare til ${provider}, aldri til ${merchant}.`,
    messages: messages({
      numberInvalid: 'Kortnummeret er ikke gyldig.',
      numberNotTest: 'Denne sandkassen godtar bare testkortene nedenfor.',
      expiryFormat: 'Skriv utløpsdatoen som MM/ÅÅ.',
      cardExpired: 'Kortet er utløpt.',
      cvc: 'Skriv de 3 eller 4 sifrene på baksiden av kortet.',
      unknown: 'Denne betalingen finnes ikke.',
      completed: 'Denne betalingen er allerede fullført (feil 168).',
      expired: 'Denne betalingen er utløpt (feil 169). Start på nytt fra medlemsportalen.',
    }),
  },
  fi: {
    title: 'Lisää maksukortti',
    verification: 'Kortin vahvistus',
    checkDetails: 'Tarkista alla olevat korttitiedot.',
    cardNumber: 'Kortin numero',
    expiry: 'Voimassaolo (KK/VV)',
    cvc: 'Turvakoodi (CVC)',
    verify: 'Vahvista kortti',
    payment: 'Maksu',
    payTitle: 'Maksa kortilla',
    pay: (amount) => `Maksa ${amount}`,
    cancel: 'Peruuta',
    testCards: 'Testiympäristön testikortit (mikä tahansa tuleva voimassaoloaika ja CVC)',
    whatHappens: 'Mitä tapahtuu',
    behaviours: {
      approve: 'Kortti tallennetaan',
      three_d_secure:
        '3-D Secure -vaihe: ”Vahvista” tallentaa kortin, ”Hylkää tunnistus” päättyy virheeseen 140',
      decline: 'Maksunvälittäjä hylkää kortin (virhe 121)',
      decline_charges: 'Kortti tallennetaan, mutta jokainen myöhempi veloitus hylätään (virhe 121)',
    },
    confirmTitle: 'Vahvista henkilöllisyytesi',
    confirmText: (last4) =>
      `Pankkisi pyytää vahvistamaan tämän korttitarkistuksen kortille, jonka numero päättyy ${last4} (testiympäristö: valitse lopputulos).`,
    confirm: 'Vahvista',
    fail: 'Hylkää tunnistus',
    returning: (merchant) => `Palataan palveluun ${merchant}`,
    continueTo: (merchant) => `Jatka palveluun ${merchant}`,
    closedTitle: 'Tämä maksutapahtuma on suljettu',
    noSandbox: 'Tälle palveluntarjoajalle ei ole testiympäristöä.',
    secured: (provider, merchant) =>
      `Suojaa ${provider}. Korttitiedot menevät vain palveluun ${provider}, eivät koskaan palveluun ${merchant}.`,
    messages: messages({
      numberInvalid: 'Kortin numero ei kelpaa.',
      numberNotTest: 'Tämä testiympäristö hyväksyy vain alla luetellut testikortit.',
      expiryFormat: 'Anna voimassaoloaika muodossa KK/VV.',
      cardExpired: 'Kortti on vanhentunut.',
      cvc: 'Anna kortin takapuolella olevat 3 tai 4 numeroa.',
      unknown: 'Tätä maksutapahtumaa ei ole.',
      completed: 'Tämä maksutapahtuma on jo valmis (virhe 168).',
      expired: 'Tämä maksutapahtuma on vanhentunut (virhe 169). Aloita alusta jäsenportaalissa.',
    }),
  },
};

/** The page's texts for a locale (`nb-NO` reads nb). */
export function cardSandboxText(locale: string): CardSandboxTexts {
  return cardSandboxTexts[languageOf(locale)];
}

/** One of testCards.ts's English messages in the page's language (itself when unknown). */
export function sandboxMessage(texts: CardSandboxTexts, english: string): string {
  return texts.messages[english] ?? english;
}
