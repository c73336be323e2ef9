import type {
  ImportClub,
  ImportFreeze,
  ImportKey,
  ImportMember,
  ImportProduct,
  ImportPromotion,
  OperatorId,
} from '@portal/contract';
import {
  importedClubValues as clubValues,
  importedMembershipValues as membershipValues,
  importedMemberValues as memberValues,
  importedProductValues as productValues,
  importedPromotionValues as promotionValues,
  importedSignupInstant as signupInstant,
  type MembershipIds,
  newImportedFreeze,
  newImportedKey,
  newImportedMember,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Tx } from '../../db/executor.ts';
import * as t from '../../db/schema.ts';
import { randomBase64url, randomUUID } from '../../platform/crypto.ts';
import type { PasswordHasher } from '../../ports.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState } from '../membership/state.ts';
import * as repo from './repository.ts';
import type { EntityCounts, ImportOptions } from './service.ts';
import type { Stored } from './stored.ts';
import type { Parsed } from './validate.ts';

type Row = Record<string, unknown>;

/** Values compared as JSON with sorted keys: jsonb columns come back with their own key order. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Row)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The fields of `next` whose value differs from `current`'s. */
const changedFields = (current: object, next: Row) =>
  Object.keys(next).filter((key) => canonical((current as Row)[key]) !== canonical(next[key]));

const unusable = new WeakMap<PasswordHasher, Promise<string>>();
/**
 * The password hash of a member who has not set a password yet: argon2id of random bytes
 * nobody keeps, so no password matches and a sign-in attempt takes as long as any other.
 */
function unusablePasswordHash(passwords: PasswordHasher): Promise<string> {
  let hash = unusable.get(passwords);
  if (!hash) {
    hash = passwords.hash(randomBase64url(32));
    unusable.set(passwords, hash);
  }
  return hash;
}

/** Counts one row: created, updated (`true`) or unchanged (`false`). */
function tally(counts: EntityCounts, outcome: boolean | 'created'): void {
  counts[outcome === 'created' ? 'created' : outcome ? 'updated' : 'unchanged'] += 1;
}

const noCounts = (): EntityCounts => ({ created: 0, updated: 0, unchanged: 0 });

/**
 * Rows with an id of their own (clubs, products, promotions): inserted when the database
 * has none, updated when a field differs from the stored row.
 */
async function upsertById<R extends { id: string }, V extends Row>(
  rows: Parsed<R>[],
  stored: ReadonlyMap<string, object>,
  valuesOf: (row: R) => V,
  write: {
    insert: (id: string, values: V) => PromiseLike<unknown>;
    update: (id: string, values: V) => PromiseLike<unknown>;
  },
): Promise<EntityCounts> {
  const counts = noCounts();
  for (const { row } of rows) {
    const values = valuesOf(row);
    const current = stored.get(row.id);
    if (!current) {
      await write.insert(row.id, values);
      tally(counts, 'created');
    } else {
      const changed = changedFields(current, values).length > 0;
      if (changed) await write.update(row.id, values);
      tally(counts, changed);
    }
  }
  return counts;
}

export const upsertClubs = (tx: Tx, rows: Parsed<ImportClub>[], stored: Stored) =>
  upsertById(rows, stored.clubs, clubValues, {
    insert: (id, values) => tx.insert(t.locations).values({ id, ...values }),
    update: (id, values) => tx.update(t.locations).set(values).where(eq(t.locations.id, id)),
  });

export const upsertProducts = (tx: Tx, rows: Parsed<ImportProduct>[], stored: Stored) =>
  upsertById(rows, stored.products, productValues, {
    insert: (id, values) => tx.insert(t.products).values({ id, ...values }),
    update: (id, values) => tx.update(t.products).set(values).where(eq(t.products.id, id)),
  });

export const upsertPromotions = (tx: Tx, rows: Parsed<ImportPromotion>[], stored: Stored, now: Date) =>
  upsertById(rows, stored.promotions, promotionValues, {
    insert: (id, values) => tx.insert(t.referralPromotions).values({ id, ...values, createdAt: now }),
    update: (id, values) =>
      tx.update(t.referralPromotions).set(values).where(eq(t.referralPromotions.id, id)),
  });

/** Every membership of the import by number (stored or new): its ids and its operator. */
export type Memberships = Map<string, { ids: MembershipIds; operatorId: OperatorId }>;

export type NewMember = typeof t.members.$inferInsert;

/**
 * Members by membership number: a new one gets fresh ids (the seed's own, for the demo) and
 * an unusable password, inserted after the loop in slices; a stored one is updated where
 * it differs (see updateMember).
 */
export async function upsertMembers(
  tx: Tx,
  rows: Parsed<ImportMember>[],
  stored: Stored,
  { clock, seed, passwords }: Pick<ImportOptions, 'clock' | 'seed' | 'passwords'>,
  now: Date,
): Promise<{ counts: EntityCounts; memberships: Memberships; created: NewMember[] }> {
  const counts = noCounts();
  const memberships: Memberships = new Map(
    [...stored.memberships].map(([number, r]) => [
      number,
      {
        ids: { memberId: r.member.id, membershipId: r.membership.id },
        operatorId: r.member.operatorId as OperatorId,
      },
    ]),
  );
  const created: NewMember[] = [];
  const newMemberships: (typeof t.memberships.$inferInsert)[] = [];
  for (const { row } of rows) {
    const number = row.membership_number;
    const current = stored.memberships.get(number);
    if (!current) {
      const ids = seed?.ids.get(number) ?? { memberId: randomUUID(), membershipId: randomUUID() };
      const passwordHash = seed?.passwordHashes.get(number) ?? (await unusablePasswordHash(passwords));
      const fresh = newImportedMember(row, ids, passwordHash, now);
      created.push(fresh.member);
      newMemberships.push(fresh.membership);
      memberships.set(number, { ids, operatorId: row.operator_id });
      tally(counts, 'created');
      continue;
    }
    tally(counts, await updateMember(tx, row, current, clock, now));
  }
  await repo.insertRows(tx, t.members, created);
  await repo.insertRows(tx, t.memberships, newMemberships);
  return { counts, memberships, created };
}

/**
 * Writes the member's and the membership's fields that differ from the stored rows (the
 * signup date moves the membership's creation instant) and logs the change with the names
 * of the changed fields. Answers whether anything changed.
 */
async function updateMember(
  tx: Tx,
  row: ImportMember,
  current: NonNullable<ReturnType<Stored['memberships']['get']>>,
  clock: Clock,
  now: Date,
): Promise<boolean> {
  const member = memberValues(row);
  const membership = membershipValues(row);
  const signup = row.signed_up_on ? { createdAt: signupInstant(row.signed_up_on, now) } : {};
  const memberChanges = changedFields(current.member, member);
  const membershipChanges = changedFields(current.membership, membership);
  if (row.signed_up_on && current.membership.createdAt.toISOString().slice(0, 10) !== row.signed_up_on)
    membershipChanges.push('createdAt');
  if (memberChanges.length) {
    await tx
      .update(t.members)
      .set({ ...member, updatedAt: now })
      .where(eq(t.members.id, current.member.id));
  }
  if (membershipChanges.length) {
    await tx
      .update(t.memberships)
      .set({ ...membership, ...(membershipChanges.includes('createdAt') ? signup : {}) })
      .where(eq(t.memberships.id, current.membership.id));
  }
  const changed = [...memberChanges, ...membershipChanges];
  if (changed.length) {
    const state = await loadMembershipState(tx, current.member.id, clock);
    await logMembershipChange(tx, clock, state, 'membership_imported', { changed });
  }
  return changed.length > 0;
}

const storedMembershipIds = (stored: Stored) => [...stored.memberships.values()].map((r) => r.membership.id);

/** Keys by membership, type and code: status and validity are updated, new keys inserted in slices. */
export async function upsertKeys(
  tx: Tx,
  rows: Parsed<ImportKey>[],
  stored: Stored,
  memberships: Memberships,
  now: Date,
): Promise<EntityCounts> {
  const counts = noCounts();
  const storedKeys = await repo.findKeysOf(tx, storedMembershipIds(stored));
  const newKeys: (typeof t.keys.$inferInsert)[] = [];
  for (const { row } of rows) {
    const { ids, operatorId } = memberships.get(row.membership_number)!;
    const { membershipId } = ids;
    const values = { status: row.status, validFrom: row.valid_from, validTo: row.valid_to };
    const current = storedKeys.find(
      (k) => k.membershipId === membershipId && k.type === row.type && k.code === row.code,
    );
    if (!current) {
      newKeys.push(newImportedKey(row, { id: randomUUID(), membershipId }, operatorId, now));
      tally(counts, 'created');
    } else {
      const changed = changedFields(current, values).length > 0;
      if (changed) await tx.update(t.keys).set(values).where(eq(t.keys.id, current.id));
      tally(counts, changed);
    }
  }
  await repo.insertRows(tx, t.keys, newKeys);
  return counts;
}

/** Freezes by membership and begin date: the end date is updated, new freezes inserted in slices. */
export async function upsertFreezes(
  tx: Tx,
  rows: Parsed<ImportFreeze>[],
  stored: Stored,
  memberships: Memberships,
  now: Date,
): Promise<EntityCounts> {
  const counts = noCounts();
  const storedFreezes = await repo.findFreezesOf(tx, storedMembershipIds(stored));
  const newFreezes: (typeof t.freezePeriods.$inferInsert)[] = [];
  for (const { row } of rows) {
    const { membershipId } = memberships.get(row.membership_number)!.ids;
    const current = storedFreezes.find(
      (f) => f.membershipId === membershipId && f.beginDate === row.begin_date,
    );
    if (!current) {
      newFreezes.push(newImportedFreeze(row, { id: randomUUID(), membershipId }, now));
      tally(counts, 'created');
    } else {
      const changed = current.endDate !== row.end_date;
      if (changed)
        await tx
          .update(t.freezePeriods)
          .set({ endDate: row.end_date })
          .where(eq(t.freezePeriods.id, current.id));
      tally(counts, changed);
    }
  }
  await repo.insertRows(tx, t.freezePeriods, newFreezes);
  return counts;
}
