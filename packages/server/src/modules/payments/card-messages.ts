import type { Language } from '@portal/contract';

/** Why a card update is refused (422 types; 503 for an unreachable provider). */
export type CardRefusal =
  | 'invalid_personal_details'
  | 'invalid_card_return'
  | 'card_declined'
  | 'card_update_cancelled'
  | 'card_provider_mismatch'
  | 'card_provider_unavailable';

/** One invoice charged or still unpaid, already formatted for the member's locale. */
export interface InvoiceLine {
  number: string;
  amount: string;
}

interface CardTexts {
  refusals: Record<CardRefusal, (v: { provider?: string }) => string>;
  registered: { subject: string; body: (card: string) => string };
  exists: { subject: string; body: (card: string) => string };
  receipt: { subject: string; body: string; line: (i: InvoiceLine) => string };
  stillUnpaid: (lines: string) => string;
}

const list = (lines: InvoiceLine[], line: (i: InvoiceLine) => string) => lines.map(line).join('\n');

export const cardTexts: Record<Language, CardTexts> = {
  en: {
    refusals: {
      invalid_personal_details: () =>
        'Invalid details found in your personal information. Update them to enable the card update.',
      invalid_card_return: () =>
        'This card registration is not valid any more (already used, expired or not yours). Please start the card update again.',
      card_declined: () => 'The card was not accepted. Please try another card.',
      card_update_cancelled: () => 'The card update was cancelled. Your payment method is unchanged.',
      card_provider_mismatch: (v) => `Your club registers cards with ${v.provider}.`,
      card_provider_unavailable: () =>
        'The card provider cannot be reached right now. Please try again in a few minutes.',
    },
    registered: {
      subject: 'Your new payment card is registered',
      body: (card) => `your card ${card} is registered and will be used for your next payments.`,
    },
    exists: {
      subject: 'Your payment card is confirmed',
      body: (card) => `your card ${card} was already registered and stays your payment method.`,
    },
    receipt: {
      subject: 'Receipt: your open invoices are paid',
      body: 'we charged your card for these open invoices. Thank you!',
      line: (i) => `Invoice ${i.number}: ${i.amount}`,
    },
    stillUnpaid: (lines) =>
      `These invoices could not be charged to the card and are still open:\n${lines}\nPlease check with your bank or register another card.`,
  },
  de: {
    refusals: {
      invalid_personal_details: () =>
        'In Ihren persönlichen Daten wurden ungültige Angaben gefunden. Bitte aktualisieren Sie sie, um die Karte ändern zu können.',
      invalid_card_return: () =>
        'Diese Kartenregistrierung ist nicht mehr gültig (bereits verwendet, abgelaufen oder nicht Ihre). Bitte starten Sie die Kartenänderung erneut.',
      card_declined: () =>
        'Die Karte wurde nicht akzeptiert. Bitte versuchen Sie es mit einer anderen Karte.',
      card_update_cancelled: () =>
        'Die Kartenänderung wurde abgebrochen. Ihre Zahlungsart bleibt unverändert.',
      card_provider_mismatch: (v) => `Ihr Club registriert Karten über ${v.provider}.`,
      card_provider_unavailable: () =>
        'Der Kartenanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es in ein paar Minuten erneut.',
    },
    registered: {
      subject: 'Ihre neue Zahlungskarte ist registriert',
      body: (card) => `Ihre Karte ${card} ist registriert und wird für Ihre nächsten Zahlungen verwendet.`,
    },
    exists: {
      subject: 'Ihre Zahlungskarte ist bestätigt',
      body: (card) => `Ihre Karte ${card} war bereits registriert und bleibt Ihre Zahlungsart.`,
    },
    receipt: {
      subject: 'Zahlungsbeleg: Ihre offenen Rechnungen sind bezahlt',
      body: 'wir haben diese offenen Rechnungen von Ihrer Karte abgebucht. Vielen Dank!',
      line: (i) => `Rechnung ${i.number}: ${i.amount}`,
    },
    stillUnpaid: (lines) =>
      `Diese Rechnungen konnten nicht von der Karte abgebucht werden und sind weiterhin offen:\n${lines}\nBitte wenden Sie sich an Ihre Bank oder registrieren Sie eine andere Karte.`,
  },
  fr: {
    refusals: {
      invalid_personal_details: () =>
        'Des données non valides ont été trouvées dans vos informations personnelles. Mettez-les à jour pour pouvoir changer de carte.',
      invalid_card_return: () =>
        'Cet enregistrement de carte n’est plus valable (déjà utilisé, expiré ou pas le vôtre). Veuillez recommencer le changement de carte.',
      card_declined: () => 'La carte n’a pas été acceptée. Veuillez essayer une autre carte.',
      card_update_cancelled: () =>
        'Le changement de carte a été annulé. Votre moyen de paiement reste inchangé.',
      card_provider_mismatch: (v) => `Votre club enregistre les cartes avec ${v.provider}.`,
      card_provider_unavailable: () =>
        'Le prestataire de cartes est injoignable pour le moment. Veuillez réessayer dans quelques minutes.',
    },
    registered: {
      subject: 'Votre nouvelle carte de paiement est enregistrée',
      body: (card) => `votre carte ${card} est enregistrée et sera utilisée pour vos prochains paiements.`,
    },
    exists: {
      subject: 'Votre carte de paiement est confirmée',
      body: (card) => `votre carte ${card} était déjà enregistrée et reste votre moyen de paiement.`,
    },
    receipt: {
      subject: 'Reçu : vos factures en attente sont payées',
      body: 'nous avons débité votre carte pour ces factures en attente. Merci !',
      line: (i) => `Facture ${i.number} : ${i.amount}`,
    },
    stillUnpaid: (lines) =>
      `Ces factures n’ont pas pu être débitées de la carte et restent ouvertes :\n${lines}\nVeuillez contacter votre banque ou enregistrer une autre carte.`,
  },
  nb: {
    refusals: {
      invalid_personal_details: () =>
        'Det er funnet ugyldige opplysninger i personopplysningene dine. Oppdater dem for å kunne bytte kort.',
      invalid_card_return: () =>
        'Denne kortregistreringen er ikke gyldig lenger (allerede brukt, utløpt eller ikke din). Start kortbyttet på nytt.',
      card_declined: () => 'Kortet ble ikke godtatt. Prøv et annet kort.',
      card_update_cancelled: () => 'Kortbyttet ble avbrutt. Betalingsmåten din er uendret.',
      card_provider_mismatch: (v) => `Senteret ditt registrerer kort hos ${v.provider}.`,
      card_provider_unavailable: () =>
        'Kortleverandøren kan ikke nås akkurat nå. Prøv igjen om noen minutter.',
    },
    registered: {
      subject: 'Det nye betalingskortet ditt er registrert',
      body: (card) => `kortet ditt ${card} er registrert og blir brukt til de neste betalingene dine.`,
    },
    exists: {
      subject: 'Betalingskortet ditt er bekreftet',
      body: (card) => `kortet ditt ${card} var allerede registrert og er fortsatt betalingsmåten din.`,
    },
    receipt: {
      subject: 'Kvittering: de åpne fakturaene dine er betalt',
      body: 'vi har belastet kortet ditt for disse åpne fakturaene. Takk!',
      line: (i) => `Faktura ${i.number}: ${i.amount}`,
    },
    stillUnpaid: (lines) =>
      `Disse fakturaene kunne ikke belastes kortet og er fortsatt åpne:\n${lines}\nKontakt banken din eller registrer et annet kort.`,
  },
  fi: {
    refusals: {
      invalid_personal_details: () =>
        'Henkilötiedoistasi löytyi virheellisiä tietoja. Päivitä ne, jotta voit vaihtaa kortin.',
      invalid_card_return: () =>
        'Tämä kortin rekisteröinti ei ole enää voimassa (jo käytetty, vanhentunut tai ei sinun). Aloita kortin vaihto uudelleen.',
      card_declined: () => 'Korttia ei hyväksytty. Kokeile toista korttia.',
      card_update_cancelled: () => 'Kortin vaihto peruttiin. Maksutapasi on ennallaan.',
      card_provider_mismatch: (v) => `Keskuksesi rekisteröi kortit palvelussa ${v.provider}.`,
      card_provider_unavailable: () =>
        'Korttipalveluun ei juuri nyt saada yhteyttä. Yritä uudelleen muutaman minuutin kuluttua.',
    },
    registered: {
      subject: 'Uusi maksukorttisi on rekisteröity',
      body: (card) => `korttisi ${card} on rekisteröity, ja sitä käytetään seuraaviin maksuihisi.`,
    },
    exists: {
      subject: 'Maksukorttisi on vahvistettu',
      body: (card) => `korttisi ${card} oli jo rekisteröity, ja se on edelleen maksutapasi.`,
    },
    receipt: {
      subject: 'Kuitti: avoimet laskusi on maksettu',
      body: 'veloitimme kortiltasi nämä avoimet laskut. Kiitos!',
      line: (i) => `Lasku ${i.number}: ${i.amount}`,
    },
    stillUnpaid: (lines) =>
      `Näitä laskuja ei voitu veloittaa kortilta, ja ne ovat yhä avoinna:\n${lines}\nOta yhteyttä pankkiisi tai rekisteröi toinen kortti.`,
  },
};

export function invoiceList(language: Language, lines: InvoiceLine[]): string {
  return list(lines, cardTexts[language].receipt.line);
}
