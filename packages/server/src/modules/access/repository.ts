import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { chipOrders, keys, members, memberships } from '../../db/schema.ts';

export type KeyRow = typeof keys.$inferSelect;

/** The chip with this code, whoever holds it (a code belongs to one membership, ever). */
export async function findChipByCode(ex: Executor, code: string): Promise<KeyRow | undefined> {
  const [row] = await ex
    .select()
    .from(keys)
    .where(and(eq(keys.type, 'rfid'), eq(keys.code, code)))
    .limit(1);
  return row;
}

/**
 * Inserts a key; a chip code another transaction has just taken is not an error but no
 * row (ON CONFLICT DO NOTHING on the unique index of chip codes, which waits for that
 * transaction to end), so racing members get a refusal, never a 5xx.
 */
export async function insertKey(ex: Executor, row: typeof keys.$inferInsert): Promise<boolean> {
  const inserted = await ex.insert(keys).values(row).onConflictDoNothing().returning({ id: keys.id });
  return inserted.length === 1;
}

export async function updateKey(
  ex: Executor,
  id: string,
  change: Partial<Pick<KeyRow, 'status' | 'validFrom' | 'validTo' | 'endedAt'>>,
): Promise<void> {
  await ex.update(keys).set(change).where(eq(keys.id, id));
}

/** Ends keys now: inactive, valid to today, and refused at the door from this instant on. */
export async function endKeys(ex: Executor, ids: string[], today: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await ex
    .update(keys)
    .set({ status: 'inactive', validTo: today, endedAt: now })
    .where(inArray(keys.id, ids));
}

export async function hasChipOrder(ex: Executor, lostKeyId: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: chipOrders.id })
    .from(chipOrders)
    .where(eq(chipOrders.lostKeyId, lostKeyId))
    .limit(1);
  return row !== undefined;
}

export async function insertChipOrder(ex: Executor, row: typeof chipOrders.$inferInsert): Promise<void> {
  await ex.insert(chipOrders).values(row);
}

/** Whether an active PIN of the operator's members already has this code (valid today or later). */
export async function isPinInUse(ex: Executor, operatorId: string, code: string, today: string) {
  const [row] = await ex
    .select({ id: keys.id })
    .from(keys)
    .innerJoin(memberships, eq(memberships.id, keys.membershipId))
    .innerJoin(members, eq(members.id, memberships.memberId))
    .where(
      and(
        eq(members.operatorId, operatorId),
        eq(keys.type, 'pin'),
        eq(keys.code, code),
        eq(keys.status, 'active'),
        or(isNull(keys.validTo), gte(keys.validTo, today)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
