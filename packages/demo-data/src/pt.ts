import type { OperatorId } from '@portal/contract';
import { clubAvailability, getOperator, type IsoDate, operatorIds } from '@portal/domain';
import type * as t from '@portal/db-schema';
import { operatorSeeds } from './seed-data.ts';

/*
 * The PT sandbox's demo data (docs/personal-training.md): the packages of the operators with
 * PT and two or three trainers per open club; and what the active persona bought and booked.
 */

type Localized = t.Localized<string>;
type Focus = 'strength' | 'endurance' | 'mobility' | 'weight' | 'functional';

/** What the trainers focus on, in the languages of the PT operators (English for everyone else). */
const FOCUS: Record<Focus, Localized> = {
  strength: {
    en: 'Strength training and good posture',
    de: 'Krafttraining und gute Haltung',
    fr: 'Renforcement musculaire et bonne posture',
    nb: 'Styrketrening og god holdning',
  },
  endurance: {
    en: 'Running and endurance',
    de: 'Laufen und Ausdauer',
    fr: 'Course à pied et endurance',
    nb: 'Løping og utholdenhet',
  },
  mobility: {
    en: 'Mobility and a healthy back',
    de: 'Beweglichkeit und ein gesunder Rücken',
    fr: 'Mobilité et dos en bonne santé',
    nb: 'Bevegelighet og en sterk rygg',
  },
  weight: {
    en: 'Weight loss and everyday fitness',
    de: 'Abnehmen und Fitness im Alltag',
    fr: 'Perte de poids et forme au quotidien',
    nb: 'Vektnedgang og hverdagsform',
  },
  functional: {
    en: 'Functional training and athletics',
    de: 'Funktionelles Training und Athletik',
    fr: 'Entraînement fonctionnel et préparation physique',
    nb: 'Funksjonell trening og spenst',
  },
};

/**
 * Two or three trainers per club that is open, names of the country that no demo member of
 * seed-data.ts carries, not even as a first or a last name (a member booking "with" their own
 * name reads like a mistake in a demo).
 */
const TRAINERS: Record<string, [string, Focus][]> = {
  'de-berlin-mitte': [
    ['Miriam Lorenz', 'strength'],
    ['Kai Brandt', 'endurance'],
    ['Greta Vogel', 'mobility'],
  ],
  'de-hamburg-altona': [
    ['Hauke Sievers', 'weight'],
    ['Merle Dietrich', 'functional'],
  ],
  'ch-zuerich-oerlikon': [
    ['Corinne Egli', 'strength'],
    ['Dario Bühler', 'endurance'],
    ['Aline Rochat', 'mobility'],
  ],
  'ch-bern-wankdorf': [
    ['Urs Lehmann', 'mobility'],
    ['Martina Wyss', 'functional'],
  ],
  'no-oslo-grunerlokka': [
    ['Silje Bakke', 'strength'],
    ['Vegard Moen', 'endurance'],
    ['Marte Strand', 'mobility'],
  ],
  'no-bergen-sentrum': [
    ['Håkon Dahl', 'weight'],
    ['Hedda Vik', 'functional'],
  ],
};

const PACKAGE_TEXTS: { key: string; sessions: number; name: Localized; description: Localized }[] = [
  {
    key: 'intro',
    sessions: 1,
    name: { en: 'Intro session', de: 'Kennenlern-Einheit', fr: 'Séance découverte', nb: 'Prøvetime' },
    description: {
      en: 'One hour with a personal trainer: we look at your goals and put together your training plan.',
      de: 'Eine Stunde mit Ihrer Personal Trainerin oder Ihrem Personal Trainer: Wir besprechen Ihre Ziele und erstellen Ihren Trainingsplan.',
      fr: 'Une heure avec un coach : nous faisons le point sur vos objectifs et établissons votre programme.',
      nb: 'En time med en personlig trener: Vi går gjennom målene dine og setter opp treningsplanen din.',
    },
  },
  {
    key: '5',
    sessions: 5,
    name: { en: '5-session pack', de: '5er-Paket', fr: 'Forfait 5 séances', nb: 'Pakke med 5 timer' },
    description: {
      en: 'Five one-hour sessions for a good start, booked whenever it suits you.',
      de: 'Fünf Einheiten à 60 Minuten für einen guten Start, ganz nach Ihrem Zeitplan buchbar.',
      fr: 'Cinq séances d’une heure pour bien démarrer, à réserver quand cela vous convient.',
      nb: 'Fem timer à 60 minutter for en god start, som du bestiller når det passer deg.',
    },
  },
  {
    key: '10',
    sessions: 10,
    name: { en: '10-session pack', de: '10er-Paket', fr: 'Forfait 10 séances', nb: 'Pakke med 10 timer' },
    description: {
      en: 'Ten one-hour sessions for lasting progress, at a lower price per session.',
      de: 'Zehn Einheiten à 60 Minuten für nachhaltige Fortschritte, zu einem günstigeren Preis pro Einheit.',
      fr: 'Dix séances d’une heure pour progresser durablement, à un prix plus avantageux par séance.',
      nb: 'Ti timer à 60 minutter for varig fremgang, til en lavere pris per time.',
    },
  },
];

/** Gross prices in minor units of the operator's currency: intro, 5 and 10 sessions. */
const PRICES: Partial<Record<OperatorId, [number, number, number]>> = {
  de: [3900, 29900, 54900],
  ch: [5900, 44900, 84900],
  no: [49500, 349000, 649000],
};

export const ptPackageId = (op: OperatorId, key: string) => `${op}-pt-${key}`;

/** The PT operators' packages and the trainers of their open clubs (rows only). */
export function ptRows(today: (op: OperatorId) => IsoDate) {
  const packages: (typeof t.ptPackages.$inferSelect)[] = [];
  const trainers: (typeof t.ptTrainers.$inferSelect)[] = [];
  for (const op of operatorIds) {
    const operator = getOperator(op);
    const prices = PRICES[op];
    if (!operator.ptEnabled) continue;
    if (!prices) throw new Error(`seed data lacks the ${op} PT prices`);
    PACKAGE_TEXTS.forEach((p, position) => {
      packages.push({
        id: ptPackageId(op, p.key),
        operatorId: op,
        position,
        name: p.name,
        description: p.description,
        sessions: p.sessions,
        price: prices[position]!,
        currency: operator.currency,
        active: true,
      });
    });
    for (const club of operatorSeeds[op].clubs) {
      const open =
        club.openedOn !== null &&
        clubAvailability({ opening_date: club.openedOn, closing_date: club.closedOn ?? null }, today(op)) ===
          'open';
      if (!open) continue;
      const names = TRAINERS[club.id];
      if (!names) throw new Error(`seed data lacks the trainers of ${club.id}`);
      names.forEach(([name, focus], n) => {
        trainers.push({
          id: `${club.id}-pt-${n + 1}`,
          locationId: club.id,
          name,
          focus: FOCUS[focus],
          active: true,
        });
      });
    }
  }
  return { packages, trainers };
}

/** How long before today the active personas bought their package: a paid purchase of this month. */
export const SEEDED_PURCHASE_DAYS_AGO = 19;

/**
 * What the active persona of every PT operator did: bought a 5-session pack
 * SEEDED_PURCHASE_DAYS_AGO days ago (through the sandbox's purchase and so the portal's
 * billing, at that day's clock), charged since as the payment run would have, so /payment
 * shows a paid history and the next payment is still the membership fee; and booked one
 * session with the first trainer of their club, the first slot at least
 * SEEDED_BOOKING_DAYS_AHEAD days ahead (through the sandbox's booking, today), so the
 * booking widget shows something that can still be cancelled.
 */
export const SEEDED_PT_PACKAGE = '5';
export const SEEDED_BOOKING_DAYS_AHEAD = 3;
export const seededPurchaseRequestId = (op: OperatorId) => `seed-${op}-active-5`;
