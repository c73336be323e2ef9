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
export interface CardMailLine {
  number: string;
  amount: string;
}

interface CardTexts {
  refusals: Record<CardRefusal, (v: { provider?: string }) => string>;
  registered: { subject: string; body: (card: string) => string };
  exists: { subject: string; body: (card: string) => string };
  receipt: { subject: string; body: string; line: (i: CardMailLine) => string };
  stillUnpaid: (lines: string) => string;
}

const list = (lines: CardMailLine[], line: (i: CardMailLine) => string) => lines.map(line).join('\n');

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
        'Einige Ihrer persönlichen Daten sind ungültig. Bitte korrigieren Sie sie, damit Sie Ihre Karte ändern können.',
      invalid_card_return: () =>
        'Dieser Vorgang zum Hinterlegen einer Karte ist nicht mehr gültig (bereits verwendet, abgelaufen oder nicht von Ihnen gestartet). Bitte starten Sie die Kartenänderung erneut.',
      card_declined: () => 'Die Karte wurde abgelehnt. Bitte versuchen Sie es mit einer anderen Karte.',
      card_update_cancelled: () =>
        'Die Kartenänderung wurde abgebrochen. Ihre Zahlungsmethode bleibt unverändert.',
      card_provider_mismatch: (v) => `In Ihrem Club werden Karten über ${v.provider} hinterlegt.`,
      card_provider_unavailable: () =>
        'Unser Zahlungsdienstleister ist gerade nicht erreichbar. Bitte versuchen Sie es in ein paar Minuten erneut.',
    },
    registered: {
      subject: 'Ihre neue Zahlungskarte ist hinterlegt',
      body: (card) => `Ihre Karte ${card} ist hinterlegt und wird für Ihre nächsten Zahlungen verwendet.`,
    },
    exists: {
      subject: 'Ihre Zahlungskarte ist bestätigt',
      body: (card) => `Ihre Karte ${card} war bereits hinterlegt und bleibt Ihre Zahlungsmethode.`,
    },
    receipt: {
      subject: 'Zahlungsbeleg: Ihre offenen Rechnungen sind bezahlt',
      body: 'wir haben diese offenen Rechnungen von Ihrer Karte abgebucht. Vielen Dank!',
      line: (i) => `Rechnung ${i.number}: ${i.amount}`,
    },
    stillUnpaid: (lines) =>
      `Diese Rechnungen konnten nicht von der Karte abgebucht werden und sind weiterhin offen:\n${lines}\nBitte wenden Sie sich an Ihre Bank oder hinterlegen Sie eine andere Karte.`,
  },
  fr: {
    refusals: {
      invalid_personal_details: () =>
        'Certaines de vos informations personnelles ne sont pas valides. Corrigez-les pour pouvoir modifier votre carte.',
      invalid_card_return: () =>
        'Cette demande d’enregistrement de carte n’est plus valable (déjà utilisée, expirée ou lancée depuis un autre compte). Veuillez recommencer la modification de la carte.',
      card_declined: () => 'La carte a été refusée. Veuillez essayer avec une autre carte.',
      card_update_cancelled: () =>
        'La modification de la carte a été annulée. Votre moyen de paiement reste inchangé.',
      card_provider_mismatch: (v) => `Dans votre club, les cartes sont enregistrées via ${v.provider}.`,
      card_provider_unavailable: () =>
        'Notre prestataire de paiement est momentanément injoignable. Veuillez réessayer dans quelques minutes.',
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
      subject: 'Quittance : vos factures impayées sont réglées',
      body: 'nous avons débité votre carte du montant de ces factures impayées. Merci !',
      line: (i) => `Facture ${i.number} : ${i.amount}`,
    },
    stillUnpaid: (lines) =>
      `Ces factures n’ont pas pu être débitées de la carte et restent impayées :\n${lines}\nVeuillez contacter votre banque ou enregistrer une autre carte.`,
  },
  nb: {
    refusals: {
      invalid_personal_details: () =>
        'Noen av personopplysningene dine er ikke gyldige. Rett dem, så kan du oppdatere kortet.',
      invalid_card_return: () =>
        'Denne kortregistreringen er ikke gyldig lenger (allerede brukt, utløpt eller ikke din). Start kortoppdateringen på nytt.',
      card_declined: () => 'Kortet ble avvist. Prøv et annet kort.',
      card_update_cancelled: () => 'Kortoppdateringen ble avbrutt. Betalingsmåten din er uendret.',
      card_provider_mismatch: (v) => `Senteret ditt bruker ${v.provider} til kortregistrering.`,
      card_provider_unavailable: () =>
        'Vi får ikke kontakt med betalingsleverandøren vår akkurat nå. Prøv igjen om noen minutter.',
    },
    registered: {
      subject: 'Det nye betalingskortet ditt er registrert',
      body: (card) => `kortet ditt, ${card}, er registrert og blir brukt til de neste betalingene dine.`,
    },
    exists: {
      subject: 'Betalingskortet ditt er bekreftet',
      body: (card) => `kortet ditt, ${card}, var allerede registrert og er fortsatt betalingsmåten din.`,
    },
    receipt: {
      subject: 'Kvittering: de ubetalte fakturaene dine er betalt',
      body: 'vi har trukket beløpet for disse ubetalte fakturaene fra kortet ditt. Takk!',
      line: (i) => `Faktura ${i.number}: ${i.amount}`,
    },
    stillUnpaid: (lines) =>
      `Disse fakturaene kunne ikke trekkes fra kortet og er fortsatt ubetalte:\n${lines}\nKontakt banken din eller registrer et annet kort.`,
  },
  fi: {
    refusals: {
      invalid_personal_details: () =>
        'Osa henkilötiedoistasi on virheellisiä. Korjaa ne, jotta voit päivittää kortin.',
      invalid_card_return: () =>
        'Tämä kortin tallennus ei ole enää voimassa (jo käytetty, vanhentunut tai ei sinun). Aloita kortin päivitys uudelleen.',
      card_declined: () => 'Kortti hylättiin. Kokeile toista korttia.',
      card_update_cancelled: () => 'Kortin päivitys peruttiin. Maksutapasi on ennallaan.',
      card_provider_mismatch: (v) => `Keskuksesi käyttää korttien tallentamiseen palvelua ${v.provider}.`,
      card_provider_unavailable: () =>
        'Emme saa juuri nyt yhteyttä maksupalveluntarjoajaamme. Yritä uudelleen muutaman minuutin kuluttua.',
    },
    registered: {
      subject: 'Uusi maksukorttisi on tallennettu',
      body: (card) => `korttisi ${card} on tallennettu, ja sitä käytetään seuraavissa maksuissasi.`,
    },
    exists: {
      subject: 'Maksukorttisi on vahvistettu',
      body: (card) => `korttisi ${card} oli jo tallennettu, ja se on edelleen maksutapasi.`,
    },
    receipt: {
      subject: 'Kuitti: maksamattomat laskusi on maksettu',
      body: 'veloitimme kortiltasi nämä maksamattomat laskut. Kiitos!',
      line: (i) => `Lasku ${i.number}: ${i.amount}`,
    },
    stillUnpaid: (lines) =>
      `Näitä laskuja ei voitu veloittaa kortilta, ja ne ovat yhä maksamatta:\n${lines}\nOta yhteyttä pankkiisi tai tallenna toinen kortti.`,
  },
};

export function cardInvoiceList(language: Language, lines: CardMailLine[]): string {
  return list(lines, cardTexts[language].receipt.line);
}
