import { randomUUID } from 'node:crypto';
import type { OperatorId, PtWidgetKind } from '@portal/contract';
import {
  addDays,
  clubAvailability,
  getOperator,
  type IsoDate,
  languageOf,
  operatorIds,
  todayIn,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { PT_TOKEN_AUDIENCE, PT_TOKEN_ISSUER, type PtTokenClaims } from '@portal/domain';
import { type Clock, fixedClock } from '../clock.ts';
import { createPtSandbox } from '../modules/dev/pt-sandbox/service.ts';
import type { Db, Tx } from './client.ts';
import * as t from './schema.ts';
import { demoUsername, operatorSeeds } from '@portal/demo';

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
  const packages: (typeof t.ptPackages.$inferInsert)[] = [];
  const trainers: (typeof t.ptTrainers.$inferInsert)[] = [];
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

/** Claims as a verified widget token would carry them, for the seed's calls of the sandbox. */
function seedClaims(
  member: { id: string; locale: string },
  op: OperatorId,
  club: string,
  wid: PtWidgetKind,
  now: Date,
): PtTokenClaims {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    iss: PT_TOKEN_ISSUER,
    aud: PT_TOKEN_AUDIENCE,
    sub: member.id,
    op,
    club,
    wid,
    loc: member.locale,
    ...(wid === 'booking' ? { win: { until: null, frozen: [] } } : {}),
    iat,
    exp: iat + 600,
    jti: `seed-${member.id}-${wid}`,
  };
}

/** How long before today the active personas bought their package: a paid purchase of this month. */
export const SEEDED_PURCHASE_DAYS_AGO = 19;

/**
 * The PT sandbox's demo data: packages, trainers, and for the `active` persona of every PT
 * operator a 5-session pack bought SEEDED_PURCHASE_DAYS_AGO days ago (through the sandbox's
 * purchase and so the portal's billing, at that day's clock) and charged since, as the
 * payment run would have, so /payment shows a paid history and the next payment is still the
 * membership fee; and one session booked with a trainer of their club three days ahead
 * (through the sandbox's booking, today), so the booking widget shows something that can
 * still be cancelled.
 */
export async function seedPt(db: Db, tx: Tx, clock: Clock): Promise<void> {
  const now = clock.now();
  const { packages, trainers } = ptRows((op) => todayIn(getOperator(op).timezone, now));
  if (packages.length) await tx.insert(t.ptPackages).values(packages);
  if (trainers.length) await tx.insert(t.ptTrainers).values(trainers);

  const sandbox = createPtSandbox({ db, clock });
  const boughtAt = new Date(now.getTime() - SEEDED_PURCHASE_DAYS_AGO * 86_400_000);
  const earlier = createPtSandbox({ db, clock: fixedClock(boughtAt) });
  for (const op of operatorIds) {
    if (!getOperator(op).ptEnabled) continue;
    const [row] = await tx
      .select({ member: t.members, club: t.memberships.locationId })
      .from(t.members)
      .innerJoin(t.memberships, eq(t.memberships.memberId, t.members.id))
      .where(and(eq(t.members.operatorId, op), eq(t.members.username, demoUsername('active', op))));
    if (!row) throw new Error(`no active persona for ${op}`);
    const { member, club } = row;
    const { purchase } = await earlier.purchase(
      seedClaims(member, op, club, 'package_buy', boughtAt),
      { package_id: ptPackageId(op, '5'), request_id: `seed-${op}-active-5` },
      languageOf(member.locale),
      tx,
    );
    await chargeSeededInvoice(tx, purchase.invoice_id!, purchase.amount, boughtAt);
    const claims = seedClaims(member, op, club, 'booking', now);
    const dayAfter = addDays(todayIn(getOperator(op).timezone, now), 3);
    const slots = await sandbox.clubSlots(tx, claims);
    const slot = slots.find((s) => todayIn(getOperator(op).timezone, s.startsAt) >= dayAfter);
    const trainer = trainers.find((x) => x.locationId === club);
    if (!slot || !trainer) throw new Error(`no PT slot or trainer for the active persona of ${op}`);
    await sandbox.book(claims, { trainer_id: trainer.id, starts_at: slot.startsAt.toISOString() }, 'en', tx);
  }
}

/** What the payment run does with a scheduled invoice on its date: charged, with a captured payment. */
async function chargeSeededInvoice(tx: Tx, invoiceId: string, amount: number, at: Date): Promise<void> {
  await tx.update(t.invoices).set({ status: 'charged' }).where(eq(t.invoices.id, invoiceId));
  await tx
    .insert(t.payments)
    .values({ id: randomUUID(), invoiceId, status: 'captured', amount, createdAt: at });
}
