import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { entryDevices, keys, members } from '../../db/schema.ts';

export type EntryDeviceRow = typeof entryDevices.$inferSelect;

/** The member's devices not removed, oldest first; without their sealed secrets. */
export function listDevices(ex: Executor, memberId: string) {
  return ex
    .select({
      id: entryDevices.id,
      name: entryDevices.name,
      createdAt: entryDevices.createdAt,
      lastUsedAt: entryDevices.lastUsedAt,
    })
    .from(entryDevices)
    .where(and(eq(entryDevices.memberId, memberId), isNull(entryDevices.removedAt)))
    .orderBy(asc(entryDevices.createdAt));
}

/** One of the member's devices not removed (another member's id finds nothing). */
export async function findOwnDevice(ex: Executor, memberId: string, id: string) {
  const [row] = await ex
    .select()
    .from(entryDevices)
    .where(and(eq(entryDevices.id, id), eq(entryDevices.memberId, memberId), isNull(entryDevices.removedAt)))
    .limit(1);
  return row;
}

export async function insertDevice(ex: Executor, row: typeof entryDevices.$inferInsert): Promise<void> {
  await ex.insert(entryDevices).values(row);
}

export async function markRemoved(ex: Executor, id: string, at: Date): Promise<void> {
  await ex.update(entryDevices).set({ removedAt: at }).where(eq(entryDevices.id, id));
}

/**
 * A device of this operator's members by its id, locked until the transaction ends, so
 * two doors reading the same code one after the other see the first one's period.
 */
export async function lockDeviceForDoor(ex: Executor, operatorId: string, id: string) {
  const [row] = await ex
    .select({ device: entryDevices, keyCode: keys.code })
    .from(entryDevices)
    .innerJoin(keys, eq(keys.id, entryDevices.keyId))
    .innerJoin(members, eq(members.id, entryDevices.memberId))
    .where(and(eq(entryDevices.id, id), eq(members.operatorId, operatorId)))
    .limit(1)
    .for('update', { of: entryDevices });
  return row;
}

export async function markUsed(ex: Executor, id: string, period: number, at: Date): Promise<void> {
  await ex.update(entryDevices).set({ lastPeriod: period, lastUsedAt: at }).where(eq(entryDevices.id, id));
}
