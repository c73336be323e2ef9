import { and, asc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor.ts';
import {
  clubClosures,
  locations,
  ptBookings,
  ptPackages,
  ptPurchases,
  ptTrainers,
} from '../../../db/schema.ts';

/**
 * The provider's own lock per member, for the length of the transaction: a member's
 * purchases and bookings run one after the other, so remaining sessions and a repeated
 * request id are judged on what the earlier call left.
 */
export async function lockMember(ex: Executor, memberId: string): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(720433, hashtext(${memberId}))`);
}

export function listPackages(ex: Executor, operatorId: string) {
  return ex
    .select()
    .from(ptPackages)
    .where(and(eq(ptPackages.operatorId, operatorId), eq(ptPackages.active, true)))
    .orderBy(asc(ptPackages.position));
}

export async function findPackage(ex: Executor, operatorId: string, id: string) {
  const [row] = await ex
    .select()
    .from(ptPackages)
    .where(and(eq(ptPackages.id, id), eq(ptPackages.operatorId, operatorId), eq(ptPackages.active, true)));
  return row;
}

export async function findPurchase(ex: Executor, memberId: string, requestId: string) {
  const [row] = await ex
    .select()
    .from(ptPurchases)
    .where(and(eq(ptPurchases.memberId, memberId), eq(ptPurchases.requestId, requestId)));
  return row;
}

export async function insertPurchase(ex: Executor, row: typeof ptPurchases.$inferInsert) {
  await ex.insert(ptPurchases).values(row);
}

/** Sessions bought less sessions booked (a cancelled booking gives its session back). */
export async function remainingSessions(ex: Executor, memberId: string): Promise<number> {
  const [bought] = await ex
    .select({ n: sql<number>`coalesce(sum(${ptPurchases.sessions}), 0)::int` })
    .from(ptPurchases)
    .where(eq(ptPurchases.memberId, memberId));
  const [booked] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(ptBookings)
    .where(and(eq(ptBookings.memberId, memberId), isNull(ptBookings.cancelledAt)));
  return Number(bought?.n ?? 0) - Number(booked?.n ?? 0);
}

export async function findClub(ex: Executor, id: string) {
  const [row] = await ex.select().from(locations).where(eq(locations.id, id));
  return row;
}

/** Closures of the club that touch [from, to]. */
export function listClosures(ex: Executor, locationId: string, from: string, to: string) {
  return ex
    .select({ from: clubClosures.beginDate, to: clubClosures.endDate })
    .from(clubClosures)
    .where(
      and(
        eq(clubClosures.locationId, locationId),
        sql`${clubClosures.endDate} >= ${from}`,
        sql`${clubClosures.beginDate} <= ${to}`,
      ),
    );
}

export function listTrainers(ex: Executor, locationId: string) {
  return ex
    .select()
    .from(ptTrainers)
    .where(and(eq(ptTrainers.locationId, locationId), eq(ptTrainers.active, true)))
    .orderBy(asc(ptTrainers.name));
}

export async function findTrainer(ex: Executor, locationId: string, id: string) {
  const [row] = await ex
    .select()
    .from(ptTrainers)
    .where(and(eq(ptTrainers.id, id), eq(ptTrainers.locationId, locationId), eq(ptTrainers.active, true)));
  return row;
}

/** Starts of the live bookings of a trainer, or of a member, from `from` to `to`. */
export async function bookedStarts(
  ex: Executor,
  by: { trainerId: string } | { memberId: string },
  from: Date,
  to: Date,
): Promise<Set<number>> {
  const who =
    'trainerId' in by ? eq(ptBookings.trainerId, by.trainerId) : eq(ptBookings.memberId, by.memberId);
  const rows = await ex
    .select({ startsAt: ptBookings.startsAt })
    .from(ptBookings)
    .where(
      and(who, isNull(ptBookings.cancelledAt), gte(ptBookings.startsAt, from), lt(ptBookings.startsAt, to)),
    );
  return new Set(rows.map((r) => r.startsAt.getTime()));
}

/**
 * Inserts a booking unless the trainer's slot or the member's hour is already taken (the
 * unique partial indexes decide, also between concurrent transactions). Whether it went in.
 */
export async function insertBooking(ex: Executor, row: typeof ptBookings.$inferInsert): Promise<boolean> {
  const inserted = await ex
    .insert(ptBookings)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: ptBookings.id });
  return inserted.length === 1;
}

/** The member's live bookings that have not ended, soonest first, with their trainer. */
export function upcomingBookings(ex: Executor, memberId: string, now: Date) {
  return ex
    .select({ booking: ptBookings, trainer: ptTrainers })
    .from(ptBookings)
    .innerJoin(ptTrainers, eq(ptTrainers.id, ptBookings.trainerId))
    .where(and(eq(ptBookings.memberId, memberId), isNull(ptBookings.cancelledAt), gt(ptBookings.endsAt, now)))
    .orderBy(asc(ptBookings.startsAt));
}

/** One live booking of the member (null for another member's, a cancelled or an unknown one). */
export async function findLiveBooking(ex: Executor, memberId: string, id: string) {
  const [row] = await ex
    .select()
    .from(ptBookings)
    .where(and(eq(ptBookings.id, id), eq(ptBookings.memberId, memberId), isNull(ptBookings.cancelledAt)));
  return row;
}

export async function cancelBooking(ex: Executor, id: string, at: Date): Promise<void> {
  await ex.update(ptBookings).set({ cancelledAt: at }).where(eq(ptBookings.id, id));
}
