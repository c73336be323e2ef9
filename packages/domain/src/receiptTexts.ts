import type { Language } from '@portal/contract';

/**
 * The cancellation receipt in text form (§ 312k (4) BGB: content, date and time of receipt,
 * end of the contract) and the notice to the e-mail on file. German is what counts legally
 * for the German operator; the other languages say the same.
 */
export interface ReceiptTexts {
  subject: string;
  noticeSubject: string;
  receivedAt: (date: string, time: string) => string;
  /** The notice to the e-mail on file when the confirmation went to another address. */
  noticeIntro: (date: string, time: string) => string;
  reference: (reference: string) => string;
  received: string;
  labels: {
    kind: string;
    reason: string;
    name: string;
    membershipNumber: string;
    email: string;
    contract: string;
    effectiveDate: string;
    confirmationEmail: string;
  };
  kinds: { ordinary: string; extraordinary: string };
  membership: string;
  earliest: string;
  /** The value beside "takes effect" for a chosen date. */
  effectiveOn: (date: string) => string;
  endsOn: (date: string) => string;
  endsAtEarliest: string;
  endedToday: (date: string) => string;
  alreadyEnding: (date: string) => string;
  reactivate: string;
  extraordinary: string;
  refused: (why: string) => string;
  notYou: (support: string) => string;
  keep: string;
}

const en: ReceiptTexts = {
  subject: 'Confirmation of your cancellation',
  noticeSubject: 'A cancellation of your membership was received',
  receivedAt: (date, time) => `Your cancellation was received on ${date} at ${time}.`,
  noticeIntro: (date, time) =>
    `on ${date} at ${time} a cancellation of your membership was received through our cancellation form. We sent the confirmation to the e-mail address given there.`,
  reference: (reference) => `Reference: ${reference}`,
  received: 'What we received:',
  labels: {
    kind: 'Type of cancellation',
    reason: 'Reason',
    name: 'Name',
    membershipNumber: 'Membership number',
    email: 'E-mail address',
    contract: 'Contract',
    effectiveDate: 'To take effect',
    confirmationEmail: 'Confirmation to',
  },
  kinds: { ordinary: 'ordinary cancellation', extraordinary: 'extraordinary cancellation (for good cause)' },
  membership: 'Membership',
  earliest: 'at the earliest possible date',
  effectiveOn: (date) => date,
  endsOn: (date) => `Your contract ends on ${date}.`,
  endsAtEarliest: 'Your contract ends at the earliest possible date.',
  endedToday: (date) => `Your membership ended today, ${date}.`,
  alreadyEnding: (date) => `Your membership had already been cancelled and ends on ${date}.`,
  reactivate: 'Until then you can take the cancellation back in the member portal at no cost.',
  extraordinary:
    'We will check the reason you gave for the extraordinary cancellation and get back to you. Until we reply, the ordinary cancellation applies.',
  refused: (why) =>
    `We could not process the cancellation straight away: ${why} Our customer service will look into it and contact you.`,
  notYou: (support) =>
    `If you did not send this cancellation, you can take it back in the member portal or write to ${support}.`,
  keep: 'Please keep this e-mail as proof.',
};

const de: ReceiptTexts = {
  subject: 'Kündigungsbestätigung',
  noticeSubject: 'Kündigung Ihrer Mitgliedschaft eingegangen',
  receivedAt: (date, time) => `Ihre Kündigung ist am ${date} um ${time} Uhr bei uns eingegangen.`,
  noticeIntro: (date, time) =>
    `am ${date} um ${time} Uhr ist über unser Kündigungsformular eine Kündigung Ihrer Mitgliedschaft eingegangen. Die Bestätigung haben wir an die dort angegebene E-Mail-Adresse gesendet.`,
  reference: (reference) => `Vorgangsnummer: ${reference}`,
  received: 'Diese Angaben haben wir erhalten:',
  labels: {
    kind: 'Art der Kündigung',
    reason: 'Grund',
    name: 'Name',
    membershipNumber: 'Mitgliedsnummer',
    email: 'E-Mail-Adresse',
    contract: 'Vertrag',
    effectiveDate: 'Wirksam',
    confirmationEmail: 'Bestätigung an',
  },
  kinds: {
    ordinary: 'ordentliche Kündigung',
    extraordinary: 'außerordentliche Kündigung aus wichtigem Grund',
  },
  membership: 'Mitgliedschaft',
  earliest: 'zum nächstmöglichen Zeitpunkt',
  effectiveOn: (date) => `zum ${date}`,
  endsOn: (date) => `Ihr Vertrag endet am ${date}.`,
  endsAtEarliest: 'Ihr Vertrag endet zum nächstmöglichen Zeitpunkt.',
  endedToday: (date) => `Ihre Mitgliedschaft ist heute, am ${date}, beendet.`,
  alreadyEnding: (date) => `Ihre Mitgliedschaft war bereits gekündigt und endet am ${date}.`,
  reactivate: 'Bis dahin können Sie die Kündigung im Mitgliederportal kostenlos zurücknehmen.',
  extraordinary:
    'Den angegebenen Grund für die außerordentliche Kündigung prüfen wir und melden uns bei Ihnen. Bis zu unserer Antwort gilt die ordentliche Kündigung.',
  refused: (why) =>
    `Wir konnten die Kündigung nicht sofort bearbeiten: ${why} Unser Kundenservice prüft sie und meldet sich bei Ihnen.`,
  notYou: (support) =>
    `Falls Sie diese Kündigung nicht abgeschickt haben, können Sie sie im Mitgliederportal zurücknehmen oder an ${support} schreiben.`,
  keep: 'Bitte bewahren Sie diese E-Mail als Nachweis auf.',
};

const fr: ReceiptTexts = {
  subject: 'Confirmation de votre résiliation',
  noticeSubject: 'Une résiliation de votre abonnement nous est parvenue',
  receivedAt: (date, time) => `Votre résiliation nous est parvenue le ${date} à ${time}.`,
  noticeIntro: (date, time) =>
    `le ${date} à ${time}, une résiliation de votre abonnement nous est parvenue via notre formulaire de résiliation. Nous avons envoyé la confirmation à l’adresse e-mail qui y était indiquée.`,
  reference: (reference) => `Référence : ${reference}`,
  received: 'Voici ce que nous avons reçu :',
  labels: {
    kind: 'Type de résiliation',
    reason: 'Motif',
    name: 'Nom',
    membershipNumber: 'Numéro de membre',
    email: 'Adresse e-mail',
    contract: 'Contrat',
    effectiveDate: 'Prise d’effet',
    confirmationEmail: 'Confirmation à',
  },
  kinds: { ordinary: 'résiliation ordinaire', extraordinary: 'résiliation extraordinaire pour juste motif' },
  membership: 'Abonnement',
  earliest: 'à la date la plus proche possible',
  effectiveOn: (date) => `le ${date}`,
  endsOn: (date) => `Votre contrat prend fin le ${date}.`,
  endsAtEarliest: 'Votre contrat prend fin à la date la plus proche possible.',
  endedToday: (date) => `Votre abonnement a pris fin aujourd’hui, le ${date}.`,
  alreadyEnding: (date) => `Votre abonnement était déjà résilié et prend fin le ${date}.`,
  reactivate: 'D’ici là, vous pouvez annuler la résiliation gratuitement dans votre espace membre.',
  extraordinary:
    'Nous examinons le motif indiqué pour la résiliation extraordinaire et revenons vers vous. Jusqu’à notre réponse, la résiliation ordinaire s’applique.',
  refused: (why) =>
    `Nous n’avons pas pu traiter la résiliation immédiatement : ${why} Notre service client l’examine et vous contactera.`,
  notYou: (support) =>
    `Si vous n’avez pas envoyé cette résiliation, vous pouvez l’annuler dans votre espace membre ou écrire à ${support}.`,
  keep: 'Veuillez conserver cet e-mail comme justificatif.',
};

const nb: ReceiptTexts = {
  subject: 'Bekreftelse på oppsigelsen din',
  noticeSubject: 'Vi har mottatt en oppsigelse av medlemskapet ditt',
  receivedAt: (date, time) => `Vi mottok oppsigelsen din ${date} kl. ${time}.`,
  noticeIntro: (date, time) =>
    `${date} kl. ${time} mottok vi en oppsigelse av medlemskapet ditt via oppsigelsesskjemaet vårt. Bekreftelsen er sendt til e-postadressen som ble oppgitt der.`,
  reference: (reference) => `Referanse: ${reference}`,
  received: 'Dette har vi mottatt:',
  labels: {
    kind: 'Type oppsigelse',
    reason: 'Begrunnelse',
    name: 'Navn',
    membershipNumber: 'Medlemsnummer',
    email: 'E-postadresse',
    contract: 'Avtale',
    effectiveDate: 'Gjelder fra',
    confirmationEmail: 'Bekreftelse til',
  },
  kinds: {
    ordinary: 'oppsigelse med oppsigelsestid',
    extraordinary: 'heving av avtalen (uten oppsigelsestid, av en tungtveiende grunn)',
  },
  membership: 'Medlemskap',
  earliest: 'tidligst mulige dato',
  effectiveOn: (date) => date,
  endsOn: (date) => `Avtalen din avsluttes ${date}.`,
  endsAtEarliest: 'Avtalen din avsluttes på tidligst mulige dato.',
  endedToday: (date) => `Medlemskapet ditt ble avsluttet i dag, ${date}.`,
  alreadyEnding: (date) => `Medlemskapet ditt var allerede sagt opp og avsluttes ${date}.`,
  reactivate: 'Fram til da kan du angre oppsigelsen kostnadsfritt i medlemsportalen.',
  extraordinary:
    'Vi vurderer begrunnelsen du oppga for å heve avtalen, og tar kontakt med deg. Inntil du hører fra oss, gjelder oppsigelsen med vanlig oppsigelsestid.',
  refused: (why) =>
    `Vi kunne ikke behandle oppsigelsen med en gang: ${why} Kundeservice ser på saken og tar kontakt med deg.`,
  notYou: (support) =>
    `Hvis det ikke var du som sendte denne oppsigelsen, kan du angre den i medlemsportalen eller skrive til ${support}.`,
  keep: 'Ta vare på denne e-posten som dokumentasjon.',
};

const fi: ReceiptTexts = {
  subject: 'Vahvistus irtisanomisestasi',
  noticeSubject: 'Vastaanotimme jäsenyytesi irtisanomisen',
  receivedAt: (date, time) => `Vastaanotimme irtisanomisesi ${date} klo ${time}.`,
  noticeIntro: (date, time) =>
    `${date} klo ${time} vastaanotimme irtisanomislomakkeemme kautta jäsenyytesi irtisanomisen. Lähetimme vahvistuksen lomakkeella annettuun sähköpostiosoitteeseen.`,
  reference: (reference) => `Viite: ${reference}`,
  received: 'Vastaanotimme seuraavat tiedot:',
  labels: {
    kind: 'Irtisanomisen tyyppi',
    reason: 'Peruste',
    name: 'Nimi',
    membershipNumber: 'Jäsennumero',
    email: 'Sähköpostiosoite',
    contract: 'Sopimus',
    effectiveDate: 'Voimaan',
    confirmationEmail: 'Vahvistus osoitteeseen',
  },
  kinds: {
    ordinary: 'irtisanominen irtisanomisajalla',
    extraordinary: 'sopimuksen purkaminen painavasta syystä',
  },
  membership: 'Jäsenyys',
  earliest: 'aikaisimpana mahdollisena päivänä',
  effectiveOn: (date) => date,
  endsOn: (date) => `Sopimuksesi päättyy ${date}.`,
  endsAtEarliest: 'Sopimuksesi päättyy aikaisimpana mahdollisena päivänä.',
  endedToday: (date) => `Jäsenyytesi päättyi tänään ${date}.`,
  alreadyEnding: (date) => `Jäsenyytesi oli jo irtisanottu, ja se päättyy ${date}.`,
  reactivate: 'Siihen asti voit perua irtisanomisen maksutta jäsenportaalissa.',
  extraordinary:
    'Tarkistamme sopimuksen purkamiselle antamasi perusteen ja otamme sinuun yhteyttä. Siihen asti noudatetaan irtisanomista tavallisella irtisanomisajalla.',
  refused: (why) =>
    `Emme voineet käsitellä irtisanomista heti: ${why} Asiakaspalvelumme selvittää asian ja ottaa sinuun yhteyttä.`,
  notYou: (support) =>
    `Jos et lähettänyt tätä irtisanomista, voit perua sen jäsenportaalissa tai kirjoittaa osoitteeseen ${support}.`,
  keep: 'Säilytä tämä sähköposti todisteena.',
};

export const receiptTexts: Record<Language, ReceiptTexts> = { en, de, fr, nb, fi };
