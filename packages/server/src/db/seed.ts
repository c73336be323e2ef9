import type { OperatorId, PtWidgetKind } from '@portal/contract';
import {
  DEMO_PASSWORD,
  type DemoData,
  demoData,
  demoUsername,
  ptPackageId,
  SEEDED_BOOKING_DAYS_AHEAD,
  SEEDED_PT_PACKAGE,
  SEEDED_PURCHASE_DAYS_AGO,
  seededPurchaseRequestId,
  SMALL_SESSION_CAPACITY,
  smallSessionId,
} from '@portal/demo-data';
import { addDays, getOperator, languageOf, operatorIds, todayIn } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { PT_TOKEN_AUDIENCE, PT_TOKEN_ISSUER, type PtTokenClaims } from '@portal/domain';
import { type Clock, fixedClock } from '../clock.ts';
import { createPtSandbox } from '../modules/dev/pt-sandbox/service.ts';
import { applyImport } from '../modules/import/service.ts';
import { documentSource, formatIssue, type ImportIssue, ImportRefused } from '../modules/import/source.ts';
import { parseSource } from '../modules/import/validate.ts';
import { recordCheckIns } from '../modules/workouts/check-ins.ts';
import type { PasswordHasher } from '../ports.ts';
import type { Db, Tx } from './executor.ts';
import * as t from './schema.ts';
import { randomUUID } from '../platform/crypto.ts';

/*
 * The demo data comes from @portal/demo-data (generate.ts); here it goes into the database
 * through the portal's own use cases where it has them: the import, the door's check-ins,
 * the PT sandbox. The browser's demo seeds its PGlite with this same code (docs/demo.md).
 */

async function insertChunks<T extends PgTable>(tx: Tx, table: T, values: PgInsertValue<T>[]): Promise<void> {
  for (let start = 0; start < values.length; start += 500) {
    await tx.insert(table).values(values.slice(start, start + 500));
  }
}

/**
 * Clubs, products, promotions, members, keys and freezes go through the import (checked
 * by the contract's schemas like any file; its seed option gives the members their ids
 * and the demo password, and invites nobody); the rest of the demo is inserted as is.
 */
async function insertAll(
  tx: Tx,
  rows: DemoData,
  passwordHashes: Map<string, string>,
  clock: Clock,
  passwords: PasswordHasher,
): Promise<void> {
  const refused = (issues: ImportIssue[]) =>
    new Error(`the demo data does not import:\n${issues.map(formatIssue).join('\n')}`);
  const { parsed, issues } = parseSource(documentSource(rows.imported));
  if (issues.length) throw refused(issues);
  try {
    await applyImport(tx, parsed, {
      clock,
      passwords,
      invite: null,
      seed: { ids: rows.ids, passwordHashes },
    });
  } catch (error) {
    throw error instanceof ImportRefused ? refused(error.issues) : error;
  }
  await insertChunks(tx, t.paymentMethods, rows.paymentMethods);
  await insertChunks(tx, t.invoices, rows.invoices);
  await insertChunks(tx, t.invoiceLines, rows.invoiceLines);
  await insertChunks(tx, t.payments, rows.payments);
  await insertChunks(tx, t.clubClosures, rows.clubClosures);
  await insertChunks(tx, t.highlights, rows.highlights);
  await insertChunks(tx, t.articles, rows.articles);
  await insertChunks(tx, t.ptPackages, rows.ptPackages);
  await insertChunks(tx, t.ptTrainers, rows.ptTrainers);
}

/** The demo check-ins through the door's own use case, so they count by its rule; all must count. */
async function sendCheckIns(tx: Tx, rows: DemoData, now: Date): Promise<void> {
  for (const [clubId, { operatorId, deliveries }] of rows.checkIns) {
    const outcomes = await recordCheckIns(tx, { id: clubId, operatorId }, deliveries, now);
    const refused = outcomes.find((o) => 'refusal' in o);
    if (refused) throw new Error(`a seeded check-in at ${clubId} was refused: ${JSON.stringify(refused)}`);
  }
}

/**
 * Seeds the demo data (@portal/demo-data's demoData) on an empty database (no members yet):
 * clubs, products, promotions and members go through the import (insertAll), the rest is
 * inserted as is, the check-ins through the door's use case, and the active personas' PT
 * purchase and booking through the PT sandbox (seedPtActivity). Never called in production
 * (db/startup.ts). Returns whether it seeded.
 */
export async function seedIfEmpty(db: Db, clock: Clock, passwords: PasswordHasher): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(720431)`);
    const existing = await tx.select({ id: t.members.id }).from(t.members).limit(1);
    if (existing.length > 0) return false;
    const now = clock.now();
    const rows = demoData(now);
    // Every demo member its own hash and salt (docs/security.md, finding 7), hashed in parallel.
    const numbers = [...rows.ids.keys()];
    const hashes = await Promise.all(numbers.map(() => passwords.hash(DEMO_PASSWORD, 'demo')));
    const passwordHashes = new Map(numbers.map((number, i) => [number, hashes[i]!]));
    await insertAll(tx, rows, passwordHashes, clock, passwords);
    await sendCheckIns(tx, rows, now);
    await seedPtActivity(db, tx, clock, rows);
    await seedFullClass(tx, now);
    return true;
  });
}

/** The personas who fill the small class at the active persona's club, so its waitlist is open. */
const FULL_CLASS_PERSONAS = ['scheduled_freeze', 'unpaid', 'rfid'] as const;

/**
 * The small session at the active persona's club is full in the demo (docs/classes.md): its
 * places went to three other members, so the persona's booking joins the waitlist.
 */
async function seedFullClass(tx: Tx, now: Date): Promise<void> {
  for (const op of operatorIds) {
    if (!getOperator(op).classes) continue;
    const [active] = await tx
      .select({ club: t.memberships.locationId })
      .from(t.members)
      .innerJoin(t.memberships, eq(t.memberships.memberId, t.members.id))
      .where(and(eq(t.members.operatorId, op), eq(t.members.username, demoUsername('active', op))));
    if (!active) throw new Error(`no active persona for ${op}`);
    const sessionId = smallSessionId(active.club);
    for (const [queue, persona] of FULL_CLASS_PERSONAS.slice(0, SMALL_SESSION_CAPACITY).entries()) {
      const [member] = await tx
        .select({ id: t.members.id })
        .from(t.members)
        .where(and(eq(t.members.operatorId, op), eq(t.members.username, demoUsername(persona, op))));
      if (!member) throw new Error(`no ${persona} persona for ${op}`);
      await tx.insert(t.classBookings).values({
        id: randomUUID(),
        sessionId,
        memberId: member.id,
        status: 'booked',
        queue: queue + 1,
        createdAt: now,
      });
    }
  }
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

/**
 * The active persona of every PT operator buys and books as @portal/demo-data's pt.ts
 * describes, through the sandbox (and so the portal's billing): the purchase at the clock
 * of SEEDED_PURCHASE_DAYS_AGO days ago, then charged as the payment run would have.
 */
async function seedPtActivity(db: Db, tx: Tx, clock: Clock, rows: DemoData): Promise<void> {
  const now = clock.now();
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
      { package_id: ptPackageId(op, SEEDED_PT_PACKAGE), request_id: seededPurchaseRequestId(op) },
      languageOf(member.locale),
      tx,
    );
    await chargeSeededInvoice(tx, purchase.invoice_id!, purchase.amount, boughtAt);
    const claims = seedClaims(member, op, club, 'booking', now);
    const dayAfter = addDays(todayIn(getOperator(op).timezone, now), SEEDED_BOOKING_DAYS_AHEAD);
    const slots = await sandbox.clubSlots(tx, claims);
    const slot = slots.find((s) => todayIn(getOperator(op).timezone, s.startsAt) >= dayAfter);
    const trainer = rows.ptTrainers.find((x) => x.locationId === club);
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
