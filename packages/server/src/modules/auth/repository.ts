import { and, desc, eq, gt, inArray, isNull, lt, lte, Param, sql } from 'drizzle-orm';
import { type Db, type Executor, preparedOnCurrentPool } from '../../db/executor.ts';
import { members, passwordResetTokens, sessions, signInFailures, signInNotices } from '../../db/schema.ts';

export async function findMemberByUsername(ex: Executor, operatorId: string, username: string) {
  const [row] = await ex
    .select({
      id: members.id,
      operatorId: members.operatorId,
      passwordHash: members.passwordHash,
      email: members.email,
      firstName: members.firstName,
      locale: members.locale,
    })
    .from(members)
    .where(and(eq(members.operatorId, operatorId), eq(members.username, username)))
    .limit(1);
  return row;
}

/**
 * Locks the member's row until the transaction ends: as strong as every writer of a member
 * takes it, so rows that only refer to the member (sessions, events) are not held up (ADR 033).
 */
export async function lockMember(ex: Executor, memberId: string): Promise<void> {
  await ex.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
}

export async function insertSession(ex: Executor, row: typeof sessions.$inferInsert): Promise<void> {
  await ex.insert(sessions).values(row);
}

/**
 * The session of a token hash if it is neither revoked nor expired at `now`. Every signed-in
 * request asks this, so the query is prepared once per database instead of built each time.
 */
export function prepareFindLiveSession(db: Db) {
  const query = preparedOnCurrentPool(db, () =>
    db
      .select({
        id: sessions.id,
        memberId: sessions.memberId,
        operatorId: members.operatorId,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('hash')),
          isNull(sessions.revokedAt),
          // A Param, so the instant goes through the column's encoder as a plain value would.
          gt(sessions.expiresAt, new Param(sql.placeholder('now'), sessions.expiresAt)),
        ),
      )
      .limit(1)
      .prepare('auth_live_session'),
  );
  return async (hash: string, now: Date) => (await query().execute({ hash, now }))[0];
}

/** Moves a session's last use to `at` unless another request already did since `before`. */
export async function touchSession(ex: Executor, id: string, at: Date, before: Date): Promise<void> {
  await ex
    .update(sessions)
    .set({ lastSeenAt: at })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, before)));
}

/** The member's live sessions at `now`, most recently used first. */
export async function liveSessionsOf(ex: Executor, memberId: string, now: Date) {
  return ex
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      device: sessions.device,
    })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), sessions.id);
}

/** Ends one live session of this member; false when the member has no such live session. */
export async function revokeSessionOf(
  ex: Executor,
  memberId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const rows = await ex
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function revokeSession(ex: Executor, id: string, at: Date): Promise<void> {
  await ex
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeMemberSessions(ex: Executor, memberId: string, at: Date): Promise<void> {
  await ex
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}

export async function insertResetToken(ex: Executor, row: typeof passwordResetTokens.$inferInsert) {
  await ex.insert(passwordResetTokens).values(row);
}

export async function findResetToken(ex: Executor, hash: string) {
  const [row] = await ex
    .select({
      id: passwordResetTokens.id,
      memberId: passwordResetTokens.memberId,
      operatorId: members.operatorId,
      username: members.username,
      locale: members.locale,
      email: members.email,
      firstName: members.firstName,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .innerJoin(members, eq(members.id, passwordResetTokens.memberId))
    .where(eq(passwordResetTokens.tokenHash, hash))
    .limit(1);
  return row;
}

/** Marks a token used if it still is unused; false when another request used it first. */
export async function useResetToken(ex: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await ex
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** How many reset links the member was sent since `since` (invitations included). */
export async function resetTokensSince(ex: Executor, memberId: string, since: Date): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.memberId, memberId), gt(passwordResetTokens.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Any other outstanding reset link of the member stops working too. */
export async function useAllResetTokens(ex: Executor, memberId: string, at: Date): Promise<void> {
  await ex
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.memberId, memberId), isNull(passwordResetTokens.usedAt)));
}

export async function updatePasswordHash(ex: Executor, memberId: string, passwordHash: string, at: Date) {
  await ex.update(members).set({ passwordHash, updatedAt: at }).where(eq(members.id, memberId));
}

/** Times of the newest `limit` failures of a key since `since`, newest first. */
export async function recentFailures(ex: Executor, key: string, since: Date, limit: number): Promise<Date[]> {
  const rows = await ex
    .select({ createdAt: signInFailures.createdAt })
    .from(signInFailures)
    .where(and(eq(signInFailures.key, key), gt(signInFailures.createdAt, since)))
    .orderBy(desc(signInFailures.createdAt))
    .limit(limit);
  return rows.map((r) => r.createdAt);
}

/** Inserts one failure per key; answers the new rows' ids. */
export async function insertFailures(ex: Executor, keys: string[], at: Date): Promise<number[]> {
  const rows = await ex
    .insert(signInFailures)
    .values(keys.map((key) => ({ key, createdAt: at })))
    .returning({ id: signInFailures.id });
  return rows.map((r) => r.id);
}

export async function deleteFailureRows(ex: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await ex.delete(signInFailures).where(inArray(signInFailures.id, ids));
}

/** Holds a limit key's lock until the transaction ends: its count and insert are one step (ADR 005). */
export async function lockFailureKey(ex: Executor, key: string): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(${FAILURE_KEY_LOCKS}, hashtext(${key}))`);
}

/** The advisory lock class of the sign-in limit keys (others of the portal use other numbers). */
const FAILURE_KEY_LOCKS = 720434;

export async function deleteFailures(ex: Executor, keys: string[]): Promise<void> {
  await ex.delete(signInFailures).where(inArray(signInFailures.key, keys));
}

export async function pruneFailures(ex: Executor, before: Date): Promise<void> {
  await ex.delete(signInFailures).where(lt(signInFailures.createdAt, before));
}

/**
 * Claims the notice of a key for this window: true when none was sent since `since` (the
 * caller then sends it), false otherwise. One statement, so two processes never both win.
 */
export async function claimNotice(ex: Executor, key: string, at: Date, since: Date): Promise<boolean> {
  await ex.delete(signInNotices).where(lt(signInNotices.sentAt, since));
  const rows = await ex
    .insert(signInNotices)
    .values({ key, sentAt: at })
    .onConflictDoUpdate({
      target: signInNotices.key,
      set: { sentAt: at },
      setWhere: lte(signInNotices.sentAt, since),
    })
    .returning({ key: signInNotices.key });
  return rows.length === 1;
}
