import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { members, phoneVerifications } from '../../db/schema.ts';

export type VerificationRow = typeof phoneVerifications.$inferSelect;

/**
 * Holds the number's lock until the transaction ends, so two members sending codes to one
 * number at once are counted one after the other (the member's own sends are already
 * serialised by the membership row lock).
 */
export async function lockNumber(ex: Executor, mobile: string): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone_verify:${mobile}`}))`);
}

/** Send times (newest first, at most `limit`) since `since`, of one member or to one number. */
export async function recentSends(
  ex: Executor,
  by: { memberId: string } | { mobile: string },
  since: Date,
  limit: number,
): Promise<Date[]> {
  const who =
    'memberId' in by
      ? eq(phoneVerifications.memberId, by.memberId)
      : eq(phoneVerifications.mobile, by.mobile);
  const rows = await ex
    .select({ createdAt: phoneVerifications.createdAt })
    .from(phoneVerifications)
    .where(and(who, gt(phoneVerifications.createdAt, since)))
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(limit);
  return rows.map((r) => r.createdAt);
}

/** A new code replaces the member's open ones: they expire now. */
export async function expireOpenCodes(ex: Executor, memberId: string, now: Date): Promise<void> {
  await ex
    .update(phoneVerifications)
    .set({ expiresAt: now })
    .where(
      and(
        eq(phoneVerifications.memberId, memberId),
        isNull(phoneVerifications.usedAt),
        gt(phoneVerifications.expiresAt, now),
      ),
    );
}

/** Codes sent before `before` are of no use to anyone: the number they went to is not kept. */
export async function pruneVerifications(ex: Executor, before: Date): Promise<void> {
  await ex.delete(phoneVerifications).where(lt(phoneVerifications.createdAt, before));
}

export async function insertVerification(ex: Executor, row: typeof phoneVerifications.$inferInsert) {
  await ex.insert(phoneVerifications).values(row);
}

/** The member's newest code for a number (a newer code makes the older ones expire). */
export async function latestVerification(
  ex: Executor,
  memberId: string,
  mobile: string,
): Promise<VerificationRow | undefined> {
  const [row] = await ex
    .select()
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.memberId, memberId), eq(phoneVerifications.mobile, mobile)))
    .orderBy(desc(phoneVerifications.expiresAt), desc(phoneVerifications.createdAt))
    .limit(1);
  return row;
}

/** Counts one wrong guess; returns the guesses made so far. */
export async function recordWrongGuess(ex: Executor, id: string): Promise<number> {
  const [row] = await ex
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(eq(phoneVerifications.id, id))
    .returning({ attempts: phoneVerifications.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

export async function markUsed(ex: Executor, id: string, now: Date): Promise<void> {
  await ex.update(phoneVerifications).set({ usedAt: now }).where(eq(phoneVerifications.id, id));
}

/**
 * The member's row, locked, read after any change committed while waiting for the lock.
 * After the membership's lock and as strong, never FOR UPDATE (ADR 033).
 */
export async function lockMember(ex: Executor, memberId: string) {
  const [row] = await ex.select().from(members).where(eq(members.id, memberId)).for('no key update');
  return row;
}

export async function updateMember(
  ex: Executor,
  memberId: string,
  values: Partial<Omit<typeof members.$inferInsert, 'id'>>,
) {
  const [row] = await ex.update(members).set(values).where(eq(members.id, memberId)).returning();
  return row;
}
