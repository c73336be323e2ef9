import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/executor.ts';
import {
  freezePeriods,
  keys,
  locations,
  members,
  memberships,
  products,
  referralPromotions,
} from '../../db/schema.ts';

/** Lists in queries and inserts go in slices, well below PostgreSQL's 65535 parameters. */
const SLICE = 1000;

async function sliced<T, R>(values: T[], run: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const unique = [...new Set(values)];
  const out: R[] = [];
  for (let start = 0; start < unique.length; start += SLICE) {
    out.push(...(await run(unique.slice(start, start + SLICE))));
  }
  return out;
}

/**
 * One import (or the demo seed) at a time, also across processes: the lock the seed takes
 * (seed.ts), held until the transaction ends.
 */
export async function lockDataLoads(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(720431)`);
}

export const findClubs = (ex: Executor, ids: string[]) =>
  sliced(ids, (slice) => ex.select().from(locations).where(inArray(locations.id, slice)));

export const findProducts = (ex: Executor, ids: string[]) =>
  sliced(ids, (slice) => ex.select().from(products).where(inArray(products.id, slice)));

export const findPromotions = (ex: Executor, ids: string[]) =>
  sliced(ids, (slice) => ex.select().from(referralPromotions).where(inArray(referralPromotions.id, slice)));

/**
 * The memberships with these numbers and their members, locked first (ADR 006): an import
 * that changes a membership waits for a member's change in progress and the other way round.
 */
export async function findMembershipsForUpdate(ex: Executor, numbers: string[]) {
  await sliced(numbers, (slice) =>
    ex
      .select({ id: memberships.id })
      .from(memberships)
      .where(inArray(memberships.membershipNumber, slice))
      .for('no key update'),
  );
  return sliced(numbers, (slice) =>
    ex
      .select({ member: members, membership: memberships })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.memberId))
      .where(inArray(memberships.membershipNumber, slice)),
  );
}

/** Members holding these usernames (any operator; the caller compares the operator). */
export const findMembersByUsername = (ex: Executor, usernames: string[]) =>
  sliced(usernames, (slice) =>
    ex
      .select({ id: members.id, operatorId: members.operatorId, username: members.username })
      .from(members)
      .where(inArray(members.username, slice)),
  );

export const findKeysOf = (ex: Executor, membershipIds: string[]) =>
  sliced(membershipIds, (slice) =>
    // A phone's key (ADR 042) and a wallet's (ADR 043) are the member's own, not the import's.
    ex
      .select()
      .from(keys)
      .where(and(inArray(keys.membershipId, slice), notInArray(keys.type, ['phone', 'wallet']))),
  );

/** Chips with these codes, whoever holds them (a chip's code belongs to one membership, ever). */
export const findChips = (ex: Executor, codes: string[]) =>
  sliced(codes, (slice) =>
    ex
      .select({ membershipId: keys.membershipId, code: keys.code })
      .from(keys)
      .where(and(eq(keys.type, 'rfid'), inArray(keys.code, slice))),
  );

export const findFreezesOf = (ex: Executor, membershipIds: string[]) =>
  sliced(membershipIds, (slice) =>
    ex.select().from(freezePeriods).where(inArray(freezePeriods.membershipId, slice)),
  );

export async function insertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  values: PgInsertValue<T>[],
): Promise<void> {
  for (let start = 0; start < values.length; start += 500) {
    await tx.insert(table).values(values.slice(start, start + 500));
  }
}
