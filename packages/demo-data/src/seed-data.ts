import type { MembershipStatus, OperatorId, WeeklyHours } from '@portal/contract';
import type { Localized, PostalAddress } from '@portal/db-schema';

/** The demo personas (docs/operators.md, "Demo members"); each one's derived status is the value here. */
export const PERSONA_STATUS = {
  active: 'active',
  scheduled_freeze: 'active',
  in_freeze: 'in_freeze',
  in_cancellation: 'in_cancellation',
  in_trial: 'in_trial',
  presale: 'presale',
  cancelled: 'cancelled',
  cancelled_in_presale: 'cancelled_in_presale',
  cancelled_in_trial: 'cancelled_in_trial',
  stopped: 'stopped',
  unpaid: 'active',
  rfid: 'active',
  invalid_details: 'active',
  max_frozen: 'active',
  closed_club: 'active',
  new_signup: 'active',
} as const satisfies Record<string, MembershipStatus>;

export type Persona = keyof typeof PERSONA_STATUS;
export const PERSONAS = Object.keys(PERSONA_STATUS) as Persona[];

export const DEMO_PASSWORD = 'demo';
export const demoUsername = (persona: Persona, operator: OperatorId) => `${persona}@${operator}.example`;

export interface ClubSeed {
  id: string;
  name: string;
  /** The club's desk, in international format. */
  phone: string;
  address: PostalAddress;
  /** ISO date for open clubs; null for the presale club (opening set relative to today). */
  openedOn: string | null;
  /** Set for a club that has closed for good: members cannot choose it any more. */
  closedOn?: string;
}

export interface PersonSeed {
  first: string;
  last: string;
  gender: 'female' | 'male';
  /** The language this member chose, when not the operator's main one (`OperatorSeed.mainLocale`). */
  locale?: string;
}

export interface OperatorSeed {
  /**
   * The language most of the operator's members read: the country's (German in Germany,
   * though the catalogue offers English first); a person's own `locale` overrides it.
   */
  mainLocale: string;
  /** Two open clubs, the presale club (not yet open), and one closed club. */
  clubs: [ClubSeed, ClubSeed, ClubSeed, ClubSeed];
  monthlyFee: number;
  bindingMonths: number;
  requirePhoneVerification: boolean;
  /** Opening and staffed hours of the operator's clubs, local time. */
  clubHours: { opening: WeeklyHours; staffed: WeeklyHours };
  /** The referral promotion's terms and texts, where the operator catalogue names one. */
  promotion: {
    name: string;
    months: number;
    percentage: number;
    presentation: Localized<string>;
  } | null;
  mobilePrefix: string;
  /** A valid national mobile number without its last two digits. */
  mobileStem: string;
  streets: Omit<PostalAddress, 'country'>[];
  people: PersonSeed[];
  card: { brand: string; details: string };
  /** Why the closed_club persona's club was closed for some days last month (as the operator records it). */
  closureReason: string;
}

const addr = (street: string, postal_code: string, postal_location: string) => ({
  street,
  postal_code,
  postal_location,
});

const p = (first: string, last: string, gender: 'female' | 'male', locale?: string): PersonSeed => ({
  first,
  last,
  gender,
  ...(locale ? { locale } : {}),
});

const MON_FRI = [1, 2, 3, 4, 5];
const WEEKEND = [6, 7];
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const hours = (days: number[], opens: string, closes: string) => ({ days, opens, closes });

export function productPresentation(brand: string): Localized<{ name: string; description: string }> {
  return {
    en: { name: 'All Clubs', description: `Train in every ${brand} club, with all group classes included.` },
    de: {
      name: 'Alle Clubs',
      description: `Trainieren Sie in allen Clubs von ${brand} – alle Kurse inklusive.`,
    },
    fr: {
      name: 'Tous les clubs',
      description: `Entraînez-vous dans tous les clubs ${brand}, cours collectifs compris.`,
    },
    nb: {
      name: 'Alle sentre',
      description: `Tren på alle sentrene til ${brand}, med alle gruppetimer inkludert.`,
    },
    fi: {
      name: 'Kaikki keskukset',
      // A multi-word name takes a space before the hyphen (Stride Kunto -keskus); no line break around it.
      description: `Treenaa kaikissa ${brand}\u00a0-\u2060keskuksissa – ryhmäliikuntatunnit sisältyvät hintaan.`,
    },
  };
}

export const operatorSeeds: Record<OperatorId, OperatorSeed> = {
  de: {
    mainLocale: 'de-DE',
    clubs: [
      {
        id: 'de-berlin-mitte',
        phone: '+49 30 2847 3310',
        name: 'Stride Berlin Mitte',
        address: { ...addr('Rosenthaler Straße 40', '10178', 'Berlin'), country: 'DE' },
        openedOn: '2015-03-01',
      },
      {
        id: 'de-hamburg-altona',
        phone: '+49 40 3861 2240',
        name: 'Stride Hamburg Altona',
        address: { ...addr('Große Bergstraße 160', '22767', 'Hamburg'), country: 'DE' },
        openedOn: '2018-09-01',
      },
      {
        id: 'de-muenchen-schwabing',
        phone: '+49 89 2154 7730',
        name: 'Stride München Schwabing',
        address: { ...addr('Leopoldstraße 82', '80802', 'München'), country: 'DE' },
        openedOn: null,
      },
      {
        id: 'de-koeln-ehrenfeld',
        phone: '+49 221 9462 180',
        name: 'Stride Köln Ehrenfeld',
        address: { ...addr('Venloer Straße 210', '50823', 'Köln'), country: 'DE' },
        openedOn: '2016-04-01',
        closedOn: '2025-06-30',
      },
    ],
    clubHours: {
      opening: [hours(MON_FRI, '06:00', '23:00'), hours(WEEKEND, '08:00', '22:00')],
      staffed: [hours(MON_FRI, '10:00', '21:00'), hours(WEEKEND, '10:00', '18:00')],
    },
    monthlyFee: 2990,
    bindingMonths: 12,
    requirePhoneVerification: false,
    promotion: {
      name: 'Freunde werben Freunde',
      months: 1,
      percentage: 100,
      presentation: {
        en: 'Share your referral code with your friends.\nFor every friend who becomes a member, you get one month free.',
        de: 'Teilen Sie Ihren Empfehlungscode mit Freunden.\nFür jedes neue Mitglied erhalten Sie einen Monat gratis.',
        fr: 'Partagez votre code de parrainage avec vos amis.\nPour chaque nouvel membre, vous recevez un mois gratuit.',
        nb: 'Del vervekoden din med venner.\nFor hvert nye medlem får du én måned gratis.',
        fi: 'Jaa suosituskoodisi ystävillesi.\nJokaisesta uudesta jäsenestä saat yhden kuukauden maksutta.',
      },
    },
    mobilePrefix: '+49',
    mobileStem: '151234567',
    streets: [
      addr('Kastanienallee 32', '10435', 'Berlin'),
      addr('Oderberger Straße 15', '10435', 'Berlin'),
      addr('Bergmannstraße 88', '10961', 'Berlin'),
      addr('Schanzenstraße 41', '20357', 'Hamburg'),
      addr('Ottenser Hauptstraße 10', '22765', 'Hamburg'),
    ],
    people: [
      p('Anna', 'Schmidt', 'female'),
      p('Oliver', 'Bennett', 'male', 'en-DE'),
      p('Sophie', 'Weber', 'female'),
      p('Jonas', 'Fischer', 'male'),
      p('Marie', 'Wagner', 'female'),
      p('Felix', 'Becker', 'male'),
      p('Lena', 'Hoffmann', 'female'),
      p('Paul', 'Schäfer', 'male'),
      p('Laura', 'Koch', 'female'),
      p('Maximilian', 'Richter', 'male'),
      p('Hannah', 'Klein', 'female'),
      p('Leon', 'Wolf', 'male'),
      p('Emma', 'Neumann', 'female'),
      p('Tim', 'Schwarz', 'male'),
      p('Paula', 'Krüger', 'female'),
    ],
    card: { brand: 'visa', details: '**** **** **** 4242' },
    closureReason: 'Wasserschaden in den Umkleiden',
  },
  at: {
    mainLocale: 'de-AT',
    clubs: [
      {
        id: 'at-wien-mariahilf',
        phone: '+43 1 596 2211',
        name: 'Stride Wien Mariahilf',
        address: { ...addr('Mariahilfer Straße 85', '1060', 'Wien'), country: 'AT' },
        openedOn: '2016-05-01',
      },
      {
        id: 'at-graz-jakomini',
        phone: '+43 316 82 41 90',
        name: 'Stride Graz Jakomini',
        address: { ...addr('Jakoministraße 20', '8010', 'Graz'), country: 'AT' },
        openedOn: '2019-02-01',
      },
      {
        id: 'at-linz-urfahr',
        phone: '+43 732 71 25 40',
        name: 'Stride Linz Urfahr',
        address: { ...addr('Hauptstraße 58', '4040', 'Linz'), country: 'AT' },
        openedOn: null,
      },
      {
        id: 'at-salzburg-lehen',
        phone: '+43 662 43 18 77',
        name: 'Stride Salzburg Lehen',
        address: { ...addr('Ignaz-Harrer-Straße 12', '5020', 'Salzburg'), country: 'AT' },
        openedOn: '2017-03-01',
        closedOn: '2025-09-30',
      },
    ],
    clubHours: {
      opening: [hours(MON_FRI, '06:00', '22:00'), hours(WEEKEND, '08:00', '20:00')],
      staffed: [hours(MON_FRI, '09:00', '20:00'), hours([6], '10:00', '16:00')],
    },
    monthlyFee: 3490,
    bindingMonths: 12,
    requirePhoneVerification: false,
    promotion: null,
    mobilePrefix: '+43',
    mobileStem: '66412345',
    streets: [
      addr('Neubaugasse 25', '1070', 'Wien'),
      addr('Taborstraße 14', '1020', 'Wien'),
      addr('Wiedner Hauptstraße 60', '1040', 'Wien'),
      addr('Herrengasse 7', '8010', 'Graz'),
      addr('Landstraße 33', '4020', 'Linz'),
    ],
    people: [
      p('Katharina', 'Gruber', 'female'),
      p('Florian', 'Huber', 'male'),
      p('Julia', 'Wagner', 'female'),
      p('Tobias', 'Bauer', 'male'),
      p('Sarah', 'Pichler', 'female'),
      p('David', 'Moser', 'male'),
      p('Lisa', 'Steiner', 'female'),
      p('Stefan', 'Hofer', 'male'),
      p('Magdalena', 'Leitner', 'female'),
      p('Matthias', 'Berger', 'male'),
      p('Theresa', 'Fuchs', 'female'),
      p('Andreas', 'Eder', 'male'),
      p('Johanna', 'Winkler', 'female'),
      p('Simon', 'Aigner', 'male'),
      p('Valentina', 'Mayr', 'female'),
    ],
    card: { brand: 'mastercard', details: '**** **** **** 5454' },
    closureReason: 'Sanierung der Lüftungsanlage',
  },
  ch: {
    mainLocale: 'de-CH',
    clubs: [
      {
        id: 'ch-zuerich-oerlikon',
        phone: '+41 44 311 42 20',
        name: 'Stride Zürich Oerlikon',
        address: { ...addr('Thurgauerstrasse 34', '8050', 'Zürich'), country: 'CH' },
        openedOn: '2017-01-01',
      },
      {
        id: 'ch-bern-wankdorf',
        phone: '+41 31 332 18 40',
        name: 'Stride Bern Wankdorf',
        address: { ...addr('Papiermühlestrasse 73', '3014', 'Bern'), country: 'CH' },
        openedOn: '2020-06-01',
      },
      {
        id: 'ch-geneve-plainpalais',
        phone: '+41 22 320 55 10',
        name: 'Stride Genève Plainpalais',
        address: { ...addr('Boulevard de Saint-Georges 20', '1205', 'Genève'), country: 'CH' },
        openedOn: null,
      },
      {
        id: 'ch-basel-gundeli',
        phone: '+41 61 361 27 70',
        name: 'Stride Basel Gundeli',
        address: { ...addr('Güterstrasse 180', '4053', 'Basel'), country: 'CH' },
        openedOn: '2018-02-01',
        closedOn: '2025-12-31',
      },
    ],
    clubHours: {
      opening: [hours(MON_FRI, '06:00', '22:00'), hours(WEEKEND, '08:00', '20:00')],
      staffed: [hours(MON_FRI, '09:00', '21:00'), hours(WEEKEND, '09:00', '17:00')],
    },
    monthlyFee: 8900,
    bindingMonths: 12,
    requirePhoneVerification: false,
    promotion: null,
    mobilePrefix: '+41',
    mobileStem: '7912345',
    streets: [
      addr('Langstrasse 112', '8004', 'Zürich'),
      addr('Badenerstrasse 75', '8004', 'Zürich'),
      addr('Schaffhauserstrasse 220', '8057', 'Zürich'),
      addr('Kramgasse 49', '3011', 'Bern'),
      addr('Rue de Carouge 36', '1205', 'Genève'),
    ],
    people: [
      p('Lea', 'Meier', 'female'),
      p('Noah', 'Keller', 'male'),
      p('Mia', 'Brunner', 'female'),
      p('Luca', 'Frei', 'male'),
      p('Chloé', 'Dubois', 'female', 'fr-CH'),
      p('Nicolas', 'Favre', 'male', 'fr-CH'),
      p('Laura', 'Baumann', 'female'),
      p('Jan', 'Zimmermann', 'male'),
      p('Elena', 'Rossi', 'female'),
      p('Samuel', 'Gerber', 'male'),
      p('Nina', 'Widmer', 'female'),
      p('Marco', 'Schneider', 'male'),
      p('Céline', 'Morel', 'female', 'fr-CH'),
      p('Reto', 'Huber', 'male'),
      p('Anouk', 'Roth', 'female'),
    ],
    card: { brand: 'visa', details: '**** **** **** 1881' },
    closureReason: 'Sanierung der Garderoben',
  },
  no: {
    mainLocale: 'nb-NO',
    clubs: [
      {
        id: 'no-oslo-grunerlokka',
        phone: '+47 22 35 61 20',
        name: 'Stride Grünerløkka',
        address: { ...addr('Thorvald Meyers gate 70', '0552', 'Oslo'), country: 'NO' },
        openedOn: '2014-08-01',
      },
      {
        id: 'no-bergen-sentrum',
        phone: '+47 55 31 22 80',
        name: 'Stride Bergen Sentrum',
        address: { ...addr('Strandgaten 18', '5013', 'Bergen'), country: 'NO' },
        openedOn: '2019-10-01',
      },
      {
        id: 'no-trondheim-solsiden',
        phone: '+47 73 52 41 60',
        name: 'Stride Trondheim Solsiden',
        address: { ...addr('Beddingen 10', '7042', 'Trondheim'), country: 'NO' },
        openedOn: null,
      },
      {
        id: 'no-stavanger-storhaug',
        phone: '+47 51 89 13 40',
        name: 'Stride Stavanger Storhaug',
        address: { ...addr('Haugesundsgata 8', '4014', 'Stavanger'), country: 'NO' },
        openedOn: '2016-01-01',
        closedOn: '2025-08-31',
      },
    ],
    clubHours: {
      opening: [hours(EVERY_DAY, '05:00', '23:00')],
      staffed: [
        hours([1, 2, 3, 4], '10:00', '20:00'),
        hours([5], '10:00', '18:00'),
        hours([6], '10:00', '15:00'),
      ],
    },
    monthlyFee: 49900,
    bindingMonths: 0,
    requirePhoneVerification: true,
    promotion: {
      name: 'Verv en venn',
      months: 2,
      percentage: 50,
      presentation: {
        en: 'Share your referral code with your friends.\nWhen a friend becomes a member, you get 2 months at half price.',
        de: 'Teilen Sie Ihren Empfehlungscode mit Freunden.\nWird jemand von ihnen Mitglied, erhalten Sie 2 Monate zum halben Preis.',
        fr: 'Partagez votre code de parrainage avec vos amis.\nQuand un ami devient membre, vous avez 2 mois à moitié prix.',
        nb: 'Del vervekoden din med venner.\nNår en venn blir medlem, får du 2 måneder til halv pris.',
        fi: 'Jaa suosituskoodisi ystävillesi.\nKun ystävä liittyy jäseneksi, saat 2 kuukautta puoleen hintaan.',
      },
    },
    mobilePrefix: '+47',
    mobileStem: '412345',
    streets: [
      addr('Markveien 35', '0554', 'Oslo'),
      addr('Bogstadveien 27', '0355', 'Oslo'),
      addr('Trondheimsveien 12', '0560', 'Oslo'),
      addr('Kong Oscars gate 18', '5017', 'Bergen'),
      addr('Olav Tryggvasons gate 40', '7011', 'Trondheim'),
    ],
    people: [
      p('Ingrid', 'Hansen', 'female'),
      p('Ole', 'Johansen', 'male'),
      p('Kari', 'Olsen', 'female'),
      p('Lars', 'Larsen', 'male'),
      p('Nora', 'Andersen', 'female'),
      p('Henrik', 'Pedersen', 'male'),
      p('Ida', 'Nilsen', 'female'),
      p('Magnus', 'Kristiansen', 'male'),
      p('Åse', 'Jensen', 'female'),
      p('Bjørn', 'Karlsen', 'male'),
      p('Sofie', 'Berg', 'female'),
      p('Sindre', 'Haugen', 'male'),
      p('Maja', 'Solberg', 'female'),
      p('Erik', 'Ødegård', 'male'),
      p('Tuva', 'Lund', 'female'),
    ],
    card: { brand: 'visa', details: '**** **** **** 0004' },
    closureReason: 'Vannlekkasje i garderobene',
  },
  fi: {
    mainLocale: 'fi-FI',
    clubs: [
      {
        id: 'fi-helsinki-kamppi',
        phone: '+358 9 6128 4400',
        name: 'Stride Kunto Kamppi',
        address: { ...addr('Urho Kekkosen katu 1', '00100', 'Helsinki'), country: 'FI' },
        openedOn: '2016-11-01',
      },
      {
        id: 'fi-tampere-keskusta',
        phone: '+358 3 2145 6600',
        name: 'Stride Kunto Tampere Keskusta',
        address: { ...addr('Hämeenkatu 25', '33200', 'Tampere'), country: 'FI' },
        openedOn: '2021-04-01',
      },
      {
        id: 'fi-turku-kupittaa',
        phone: '+358 2 2743 1100',
        name: 'Stride Kunto Turku Kupittaa',
        address: { ...addr('Joukahaisenkatu 3', '20520', 'Turku'), country: 'FI' },
        openedOn: null,
      },
      {
        id: 'fi-oulu-keskusta',
        phone: '+358 8 5581 2200',
        name: 'Stride Kunto Oulu Keskusta',
        address: { ...addr('Kirkkokatu 15', '90100', 'Oulu'), country: 'FI' },
        openedOn: '2018-05-01',
        closedOn: '2025-10-31',
      },
    ],
    clubHours: {
      opening: [hours(EVERY_DAY, '05:00', '23:00')],
      staffed: [hours(MON_FRI, '12:00', '20:00'), hours([6], '10:00', '14:00')],
    },
    monthlyFee: 3990,
    bindingMonths: 12,
    requirePhoneVerification: true,
    promotion: null,
    mobilePrefix: '+358',
    mobileStem: '4012345',
    streets: [
      addr('Mannerheimintie 22', '00100', 'Helsinki'),
      addr('Fredrikinkatu 48', '00100', 'Helsinki'),
      addr('Hämeentie 15', '00500', 'Helsinki'),
      addr('Satakunnankatu 12', '33100', 'Tampere'),
      addr('Aurakatu 8', '20100', 'Turku'),
    ],
    people: [
      p('Aino', 'Virtanen', 'female'),
      p('Mikko', 'Korhonen', 'male'),
      p('Emilia', 'Mäkinen', 'female'),
      p('Juho', 'Nieminen', 'male'),
      p('Sofia', 'Hämäläinen', 'female'),
      p('Eetu', 'Laine', 'male'),
      p('Venla', 'Heikkinen', 'female'),
      p('Onni', 'Koskinen', 'male'),
      p('Ella', 'Järvinen', 'female'),
      p('Leevi', 'Lehtonen', 'male'),
      p('Helmi', 'Lehtinen', 'female'),
      p('Väinö', 'Saarinen', 'male'),
      p('Iida', 'Salminen', 'female'),
      p('Elias', 'Heinonen', 'male'),
      p('Aada', 'Rantanen', 'female'),
    ],
    card: { brand: 'mastercard', details: '**** **** **** 2223' },
    closureReason: 'Pukuhuoneiden putkiremontti',
  },
};
