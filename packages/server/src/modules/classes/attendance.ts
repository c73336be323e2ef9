import { ATTENDANCE_EARLY_MINUTES } from '@portal/domain';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { classBookings, classSessions } from '../../db/schema.ts';

/**
 * Door check-ins at a club mark the members' bookings of its sessions attended: a check-in
 * from ATTENDANCE_EARLY_MINUTES before a session's start until its end (domain attendsSession).
 * Runs in the check-in's transaction; it updates only booked rows, without the session's lock.
 */
export async function markAttended(
  ex: Executor,
  clubId: string,
  checkIns: readonly { memberId: string; at: Date }[],
): Promise<void> {
  if (checkIns.length === 0) return;
  // One look first: most check-ins (a year of them in the demo seed) have no booking at all.
  const booked = await ex
    .selectDistinct({ memberId: classBookings.memberId })
    .from(classBookings)
    .where(
      and(
        inArray(classBookings.memberId, [...new Set(checkIns.map((c) => c.memberId))]),
        eq(classBookings.status, 'booked'),
        sql`${classBookings.attendedAt} is null`,
      ),
    );
  const withBookings = new Set(booked.map((b) => b.memberId));
  for (const { memberId, at } of checkIns) {
    if (!withBookings.has(memberId)) continue;
    const latestStart = new Date(at.getTime() + ATTENDANCE_EARLY_MINUTES * 60_000);
    const sessions = ex
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(
        and(
          eq(classSessions.locationId, clubId),
          lte(classSessions.startsAt, latestStart),
          gt(classSessions.endsAt, at),
        ),
      );
    await ex
      .update(classBookings)
      .set({ attendedAt: at })
      .where(
        and(
          eq(classBookings.memberId, memberId),
          eq(classBookings.status, 'booked'),
          sql`${classBookings.attendedAt} is null`,
          inArray(classBookings.sessionId, sessions),
        ),
      );
  }
}
