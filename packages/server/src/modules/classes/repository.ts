import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { IsoDate } from '@portal/domain';
import type { Executor } from '../../db/executor.ts';
import { classBookings, classes, classSessions, locations, members } from '../../db/schema.ts';

// The queries of group classes (docs/classes.md); the rules are domain's (classes.ts).

const sessionColumns = {
  session: classSessions,
  class: classes,
  location: {
    id: locations.id,
    name: locations.name,
    address: locations.address,
    operatorId: locations.operatorId,
  },
};

/** A club members can train at on `today`: opened, not closed for good. */
const openClub = (today: IsoDate) =>
  and(
    sql`${locations.openingDate} is not null`,
    lte(locations.openingDate, today),
    or(isNull(locations.closingDate), gt(locations.closingDate, today)),
  );

/** The sessions of an operator's open clubs starting in [from, to), by start. */
export function listSessions(
  ex: Executor,
  operatorId: string,
  today: IsoDate,
  window: { from: Date; to: Date; locationId?: string },
) {
  return ex
    .select(sessionColumns)
    .from(classSessions)
    .innerJoin(classes, eq(classes.id, classSessions.classId))
    .innerJoin(locations, eq(locations.id, classSessions.locationId))
    .where(
      and(
        eq(locations.operatorId, operatorId),
        openClub(today),
        gte(classSessions.startsAt, window.from),
        lt(classSessions.startsAt, window.to),
        window.locationId ? eq(classSessions.locationId, window.locationId) : undefined,
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id));
}

/** One session of the operator's open clubs, or undefined (another operator's is unknown). */
export async function findSession(ex: Executor, operatorId: string, today: IsoDate, id: string) {
  const [row] = await ex
    .select(sessionColumns)
    .from(classSessions)
    .innerJoin(classes, eq(classes.id, classSessions.classId))
    .innerJoin(locations, eq(locations.id, classSessions.locationId))
    .where(and(eq(classSessions.id, id), eq(locations.operatorId, operatorId), openClub(today)));
  return row;
}

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/**
 * The session's row lock: every write to a session's bookings holds it, so its places and
 * its waitlist order are decided one booking at a time (ADR 044). Taken after the
 * membership's lock, never before it (ADR 033).
 */
export async function lockSession(ex: Executor, id: string): Promise<void> {
  await ex
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(eq(classSessions.id, id))
    .for('no key update');
}

/** Booked and waitlisted counts per session. */
export async function countBookings(ex: Executor, sessionIds: readonly string[]) {
  const counts = new Map<string, { booked: number; waitlisted: number }>();
  if (sessionIds.length === 0) return counts;
  const rows = await ex
    .select({
      sessionId: classBookings.sessionId,
      status: classBookings.status,
      n: sql<number>`count(*)::int`,
    })
    .from(classBookings)
    .where(and(inArray(classBookings.sessionId, [...sessionIds]), ne(classBookings.status, 'cancelled')))
    .groupBy(classBookings.sessionId, classBookings.status);
  for (const row of rows) {
    const entry = counts.get(row.sessionId) ?? { booked: 0, waitlisted: 0 };
    if (row.status === 'booked') entry.booked = Number(row.n);
    if (row.status === 'waitlisted') entry.waitlisted = Number(row.n);
    counts.set(row.sessionId, entry);
  }
  return counts;
}

/**
 * The member's live bookings of these sessions with their waitlist position: the rank
 * among the session's waitlisted by queue, so positions have no gaps.
 */
export async function myBookings(ex: Executor, memberId: string, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  // Written out in full: inside the subquery an unqualified column would name w's.
  const ahead = sql<number>`(select count(*)::int from class_bookings as w where w.session_id = "class_bookings"."session_id" and w.status = 'waitlisted' and w.queue <= "class_bookings"."queue")`;
  const rows = await ex
    .select({
      id: classBookings.id,
      sessionId: classBookings.sessionId,
      status: classBookings.status,
      queue: classBookings.queue,
      rank: ahead,
    })
    .from(classBookings)
    .where(
      and(
        eq(classBookings.memberId, memberId),
        inArray(classBookings.sessionId, [...sessionIds]),
        ne(classBookings.status, 'cancelled'),
      ),
    );
  return rows.map((r) => ({
    ...r,
    status: r.status as 'booked' | 'waitlisted',
    position: r.status === 'waitlisted' ? Number(r.rank) : null,
  }));
}

/** The member's booked and waitlisted sessions that have not started yet. */
export function upcomingOf(ex: Executor, memberId: string, now: Date, statuses: ('booked' | 'waitlisted')[]) {
  return ex
    .select({
      session: classSessions,
      class: classes,
      location: locations,
      status: classBookings.status,
      bookingId: classBookings.id,
    })
    .from(classBookings)
    .innerJoin(classSessions, eq(classSessions.id, classBookings.sessionId))
    .innerJoin(classes, eq(classes.id, classSessions.classId))
    .innerJoin(locations, eq(locations.id, classSessions.locationId))
    .where(
      and(
        eq(classBookings.memberId, memberId),
        inArray(classBookings.status, statuses),
        gt(classSessions.startsAt, now),
      ),
    )
    .orderBy(asc(classSessions.startsAt));
}

export async function nextQueue(ex: Executor, sessionId: string): Promise<number> {
  const [row] = await ex
    .select({ max: sql<number | null>`max(${classBookings.queue})` })
    .from(classBookings)
    .where(eq(classBookings.sessionId, sessionId));
  return Number(row?.max ?? 0) + 1;
}

/** The first on the session's waitlist, with what a message to them needs. */
export async function firstWaitlisted(ex: Executor, sessionId: string) {
  const [row] = await ex
    .select({
      id: classBookings.id,
      member: {
        id: members.id,
        email: members.email,
        firstName: members.firstName,
        locale: members.locale,
        mobilePrefix: members.mobilePrefix,
        mobileNumber: members.mobileNumber,
      },
    })
    .from(classBookings)
    .innerJoin(members, eq(members.id, classBookings.memberId))
    .where(and(eq(classBookings.sessionId, sessionId), eq(classBookings.status, 'waitlisted')))
    .orderBy(asc(classBookings.queue))
    .limit(1);
  return row;
}

/** Booked places of sessions starting in (now, until] not reminded yet, locked (others skip them). */
export function dueReminders(ex: Executor, now: Date, until: Date) {
  return ex
    .select({
      bookingId: classBookings.id,
      session: classSessions,
      className: classes.name,
      clubName: locations.name,
      operatorId: locations.operatorId,
      member: { email: members.email, firstName: members.firstName, locale: members.locale },
    })
    .from(classBookings)
    .innerJoin(classSessions, eq(classSessions.id, classBookings.sessionId))
    .innerJoin(classes, eq(classes.id, classSessions.classId))
    .innerJoin(locations, eq(locations.id, classSessions.locationId))
    .innerJoin(members, eq(members.id, classBookings.memberId))
    .where(
      and(
        eq(classBookings.status, 'booked'),
        isNull(classBookings.remindedAt),
        gt(classSessions.startsAt, now),
        lte(classSessions.startsAt, until),
      ),
    )
    .limit(200)
    .for('update', { of: classBookings, skipLocked: true });
}
