import { randomBytes, randomUUID } from 'node:crypto';
import {
  IMPORT_ENTITIES,
  type ImportClub,
  type ImportEntity,
  type ImportMember,
  type ImportProduct,
  type OperatorId,
} from '@portal/contract';
import {
  getOperator,
  importedClubValues as clubValues,
  importedMembershipValues as membershipValues,
  importedMemberValues as memberValues,
  importedProductValues as productValues,
  importedPromotionValues as promotionValues,
  importedSignupInstant as signupInstant,
  importedUsername as usernameOf,
  type MembershipIds,
  newImportedFreeze,
  newImportedKey,
  newImportedMember,
  todayIn,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { defaultOrigin } from '../../http/origins.ts';
import { sendInvitation } from '../auth/invitation.ts';
import { hashPassword } from '../auth/passwords.ts';

import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState } from '../membership/state.ts';
import * as repo from './repository.ts';
import { type ImportIssue, ImportRefused, type ImportSource } from './source.ts';
import { type ParsedImport, parseSource } from './validate.ts';

export type { MembershipIds } from '@portal/domain';

export interface ImportOptions {
  clock: Clock;
  /**
   * Sends each new member the invitation to set their password (into the outbox), with the
   * link on the operator's public origin (config). Null: nobody is invited, which only the
   * demo seed and `--no-invitations` do.
   */
  invite: { mailer: Mailer; config: Config } | null;
  /**
   * The demo seed's own entry, never reachable from a file: the ids and password hashes its
   * new members get, by membership number, so the rest of the demo (invoices, check-ins)
   * can refer to them and the personas sign in with the demo password.
   */
  seed?: { ids: Map<string, MembershipIds>; passwordHashes: Map<string, string> };
}

export interface EntityCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ImportReport {
  counts: Record<ImportEntity, EntityCounts>;
  /** Invitations sent (one per created member, unless the seed imports). */
  invited: number;
}

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
const changedFields = (current: Row, next: Row) =>
  Object.keys(next).filter((key) => canonical(current[key]) !== canonical(next[key]));

let unusable: Promise<string> | null = null;
/**
 * The password hash of a member who has not set a password yet: argon2id of random bytes
 * nobody keeps, so no password matches and a sign-in attempt takes as long as any other.
 */
function unusablePasswordHash(): Promise<string> {
  unusable ??= hashPassword(randomBytes(32).toString('base64url'));
  return unusable;
}

const emptyCounts = (): Record<ImportEntity, EntityCounts> =>
  Object.fromEntries(IMPORT_ENTITIES.map((e) => [e, { created: 0, updated: 0, unchanged: 0 }])) as Record<
    ImportEntity,
    EntityCounts
  >;

/**
 * Applies validated rows in the caller's transaction: checks every reference against the
 * file and the database first (and throws ImportRefused with all problems, so the caller's
 * transaction writes nothing), then upserts by natural id: clubs, products and promotions
 * by id, members by membership number, keys by membership, type and code, freezes by
 * membership and begin date. A row equal to what is stored counts as unchanged; the
 * import never deletes. New members are invited to set their password.
 */
export async function applyImport(
  tx: Tx,
  parsed: ParsedImport,
  options: ImportOptions,
): Promise<ImportReport> {
  const { clock, invite } = options;
  const now = clock.now();
  const todayOf = (op: OperatorId) => todayIn(getOperator(op).timezone, now);
  const issues: ImportIssue[] = [];
  const issue = (where: string, field: string | null, message: string) =>
    issues.push({ where, field, message });

  // What the database already has of everything the file names or refers to.
  const clubIds = [
    ...parsed.clubs.map((c) => c.row.id),
    ...parsed.products.flatMap((p) => p.row.club_ids),
    ...parsed.members.map((m) => m.row.club_id),
  ];
  const productIds = [
    ...parsed.products.map((p) => p.row.id),
    ...parsed.members.map((m) => m.row.product_id),
  ];
  const numbers = [
    ...parsed.members.map((m) => m.row.membership_number),
    ...parsed.keys.map((k) => k.row.membership_number),
    ...parsed.freezes.map((f) => f.row.membership_number),
  ];
  const dbClubs = new Map((await repo.findClubs(tx, clubIds)).map((c) => [c.id, c]));
  const dbProducts = new Map((await repo.findProducts(tx, productIds)).map((p) => [p.id, p]));
  const dbPromotions = new Map(
    (
      await repo.findPromotions(
        tx,
        parsed.promotions.map((p) => p.row.id),
      )
    ).map((p) => [p.id, p]),
  );
  const dbMemberships = new Map(
    (await repo.findMembershipsForUpdate(tx, numbers)).map((r) => [r.membership.membershipNumber, r]),
  );
  const dbUsernames = await repo.findMembersByUsername(
    tx,
    parsed.members.map((m) => usernameOf(m.row)),
  );

  // Clubs.
  const fileClubs = new Map<string, ImportClub>();
  for (const { where, row } of parsed.clubs) {
    if (fileClubs.has(row.id)) issue(where, 'id', `The club ${row.id} appears twice in the file.`);
    fileClubs.set(row.id, row);
    const stored = dbClubs.get(row.id);
    if (stored && stored.operatorId !== row.operator_id)
      issue(where, 'operator_id', `The club ${row.id} belongs to operator ${stored.operatorId}.`);
    if (row.opening_date && row.closing_date && row.closing_date < row.opening_date)
      issue(where, 'closing_date', 'A club cannot close before it opens.');
  }
  const clubOperator = (id: string) => fileClubs.get(id)?.operator_id ?? dbClubs.get(id)?.operatorId;
  const checkClub = (where: string, field: string, id: string, operator: OperatorId) => {
    const owner = clubOperator(id);
    if (!owner) issue(where, field, `Unknown club ${id}: import it first or in the same file.`);
    else if (owner !== operator) issue(where, field, `The club ${id} belongs to operator ${owner}.`);
  };

  // Products.
  const fileProducts = new Map<string, ImportProduct>();
  for (const { where, row } of parsed.products) {
    if (fileProducts.has(row.id)) issue(where, 'id', `The product ${row.id} appears twice in the file.`);
    fileProducts.set(row.id, row);
    const stored = dbProducts.get(row.id);
    if (stored && stored.operatorId !== row.operator_id)
      issue(where, 'operator_id', `The product ${row.id} belongs to operator ${stored.operatorId}.`);
    for (const clubId of row.club_ids) checkClub(where, 'club_ids', clubId, row.operator_id);
  }
  const productOf = (id: string) => {
    const file = fileProducts.get(id);
    if (file) return { operatorId: file.operator_id, clubIds: file.club_ids };
    const stored = dbProducts.get(id);
    return stored ? { operatorId: stored.operatorId, clubIds: stored.locationIds } : null;
  };

  // Promotions: the one the operator catalogue names, or none.
  const filePromotions = new Set<string>();
  for (const { where, row } of parsed.promotions) {
    if (filePromotions.has(row.id)) issue(where, 'id', `The promotion ${row.id} appears twice in the file.`);
    filePromotions.add(row.id);
    const stored = dbPromotions.get(row.id);
    if (stored && stored.operatorId !== row.operator_id)
      issue(where, 'operator_id', `The promotion ${row.id} belongs to operator ${stored.operatorId}.`);
    const expected = getOperator(row.operator_id).referralPromotion;
    if (!expected) issue(where, 'operator_id', `Operator ${row.operator_id} has no referral promotion.`);
    else if (row.promotion_type !== expected)
      issue(where, 'promotion_type', `The referral promotion of operator ${row.operator_id} is ${expected}.`);
  }

  // Members.
  const fileMembers = new Map<string, ImportMember>();
  const fileUsernames = new Set<string>();
  for (const { where, row } of parsed.members) {
    const operator = getOperator(row.operator_id);
    const number = row.membership_number;
    if (fileMembers.has(number)) issue(where, 'membership_number', `${number} appears twice in the file.`);
    fileMembers.set(number, row);
    const stored = dbMemberships.get(number);
    if (stored && stored.member.operatorId !== row.operator_id)
      issue(where, 'membership_number', `${number} is a membership of operator ${stored.member.operatorId}.`);
    const username = usernameOf(row);
    const usernameField = row.username ? 'username' : 'email';
    const key = `${row.operator_id} ${username}`;
    if (fileUsernames.has(key))
      issue(where, usernameField, `Two members of ${row.operator_id} in the file sign in as ${username}.`);
    fileUsernames.add(key);
    const holder = dbUsernames.find((m) => m.operatorId === row.operator_id && m.username === username);
    if (holder && holder.id !== stored?.member.id)
      issue(where, usernameField, `Another member of ${row.operator_id} signs in as ${username}.`);
    const product = productOf(row.product_id);
    if (!product)
      issue(where, 'product_id', `Unknown product ${row.product_id}: import it first or in the same file.`);
    else if (product.operatorId !== row.operator_id)
      issue(where, 'product_id', `The product ${row.product_id} belongs to operator ${product.operatorId}.`);
    checkClub(where, 'club_id', row.club_id, row.operator_id);
    if (product && clubOperator(row.club_id) === row.operator_id && !product.clubIds.includes(row.club_id))
      issue(where, 'club_id', `The product ${row.product_id} does not open the club ${row.club_id}.`);
    if (row.locale && !operator.locales.includes(row.locale))
      issue(where, 'locale', `Use one of the locales of ${operator.id}: ${operator.locales.join(', ')}.`);
    if (row.cancelled_on && !row.end_date)
      issue(where, 'end_date', 'A cancelled membership needs its end date.');
    if (row.signed_up_on && row.signed_up_on > todayOf(row.operator_id))
      issue(where, 'signed_up_on', 'A contract cannot have been concluded after today.');
    if (!stored && invite?.config.isProduction && !invite.config.publicOrigins[row.operator_id])
      issue(
        where,
        'operator_id',
        `Set PUBLIC_ORIGIN_${row.operator_id.toUpperCase()} first: the invitation's link needs the portal's public address.`,
      );
  }
  const knownMembership = (number: string) => fileMembers.has(number) || dbMemberships.has(number);

  // Keys and freezes of the file's or the database's memberships.
  const storedMembershipIds = [...dbMemberships.values()].map((r) => r.membership.id);
  const chipCodes = parsed.keys.filter((k) => k.row.type === 'rfid').map((k) => k.row.code);
  const chipHolders = new Map((await repo.findChips(tx, chipCodes)).map((c) => [c.code, c.membershipId]));
  const fileKeys = new Set<string>();
  const fileChips = new Map<string, string>();
  for (const { where, row } of parsed.keys) {
    const number = row.membership_number;
    if (!knownMembership(number))
      issue(where, 'membership_number', `No member with the number ${number} in the file or the database.`);
    const key = `${number} ${row.type} ${row.code}`;
    if (fileKeys.has(key)) issue(where, 'code', `This ${row.type} of ${number} appears twice in the file.`);
    fileKeys.add(key);
    if (row.valid_to && row.valid_to < row.valid_from)
      issue(where, 'valid_to', 'A key cannot stop working before it starts.');
    if (row.type === 'rfid') {
      const holder = chipHolders.get(row.code);
      const own = dbMemberships.get(number)?.membership.id;
      const otherInFile = fileChips.get(row.code);
      if ((holder && holder !== own) || (otherInFile && otherInFile !== number))
        issue(where, 'code', 'This chip belongs to another membership.');
      fileChips.set(row.code, number);
    }
  }
  const fileFreezes = new Set<string>();
  for (const { where, row } of parsed.freezes) {
    const number = row.membership_number;
    if (!knownMembership(number))
      issue(where, 'membership_number', `No member with the number ${number} in the file or the database.`);
    const key = `${number} ${row.begin_date}`;
    if (fileFreezes.has(key))
      issue(where, 'begin_date', `This freeze of ${number} appears twice in the file.`);
    fileFreezes.add(key);
    if (row.end_date < row.begin_date) issue(where, 'end_date', 'A freeze cannot end before it begins.');
  }

  if (issues.length) throw new ImportRefused(issues);

  // Everything checks out: write.
  const counts = emptyCounts();
  const count = (entity: ImportEntity, changed: boolean | 'created') => {
    counts[entity][changed === 'created' ? 'created' : changed ? 'updated' : 'unchanged'] += 1;
  };

  for (const { row } of parsed.clubs) {
    const values = clubValues(row);
    const stored = dbClubs.get(row.id);
    if (!stored) {
      await tx.insert(t.locations).values({ id: row.id, ...values });
      count('clubs', 'created');
    } else {
      const changed = changedFields(stored, values).length > 0;
      if (changed) await tx.update(t.locations).set(values).where(eq(t.locations.id, row.id));
      count('clubs', changed);
    }
  }

  for (const { row } of parsed.products) {
    const values = productValues(row);
    const stored = dbProducts.get(row.id);
    if (!stored) {
      await tx.insert(t.products).values({ id: row.id, ...values });
      count('products', 'created');
    } else {
      const changed = changedFields(stored, values).length > 0;
      if (changed) await tx.update(t.products).set(values).where(eq(t.products.id, row.id));
      count('products', changed);
    }
  }

  for (const { row } of parsed.promotions) {
    const values = promotionValues(row);
    const stored = dbPromotions.get(row.id);
    if (!stored) {
      await tx.insert(t.referralPromotions).values({ id: row.id, ...values, createdAt: now });
      count('promotions', 'created');
    } else {
      const changed = changedFields(stored, values).length > 0;
      if (changed)
        await tx.update(t.referralPromotions).set(values).where(eq(t.referralPromotions.id, row.id));
      count('promotions', changed);
    }
  }

  const idsOf = new Map<string, MembershipIds>(
    [...dbMemberships].map(([number, r]) => [
      number,
      { memberId: r.member.id, membershipId: r.membership.id },
    ]),
  );
  const newMembers: (typeof t.members.$inferInsert)[] = [];
  const newMemberships: (typeof t.memberships.$inferInsert)[] = [];
  for (const { row } of parsed.members) {
    const number = row.membership_number;
    const member = memberValues(row);
    const membership = membershipValues(row);
    const stored = dbMemberships.get(number);
    if (!stored) {
      const ids = options.seed?.ids.get(number) ?? { memberId: randomUUID(), membershipId: randomUUID() };
      const passwordHash = options.seed?.passwordHashes.get(number) ?? (await unusablePasswordHash());
      const created = newImportedMember(row, ids, passwordHash, now);
      newMembers.push(created.member);
      newMemberships.push(created.membership);
      idsOf.set(number, ids);
      count('members', 'created');
      continue;
    }
    const signup = row.signed_up_on ? { createdAt: signupInstant(row.signed_up_on, now) } : {};
    const memberChanges = changedFields(stored.member, member);
    const membershipChanges = changedFields(stored.membership, membership);
    if (row.signed_up_on && stored.membership.createdAt.toISOString().slice(0, 10) !== row.signed_up_on)
      membershipChanges.push('createdAt');
    if (memberChanges.length) {
      await tx
        .update(t.members)
        .set({ ...member, updatedAt: now })
        .where(eq(t.members.id, stored.member.id));
    }
    if (membershipChanges.length) {
      await tx
        .update(t.memberships)
        .set({ ...membership, ...(membershipChanges.includes('createdAt') ? signup : {}) })
        .where(eq(t.memberships.id, stored.membership.id));
    }
    const changed = [...memberChanges, ...membershipChanges];
    if (changed.length) {
      const state = await loadMembershipState(tx, stored.member.id, clock);
      await logMembershipChange(tx, clock, state, 'membership_imported', { changed });
    }
    count('members', changed.length > 0);
  }
  await repo.insertRows(tx, t.members, newMembers);
  await repo.insertRows(tx, t.memberships, newMemberships);

  const operatorOfNumber = (number: string) =>
    (fileMembers.get(number)?.operator_id ?? dbMemberships.get(number)!.member.operatorId) as OperatorId;
  const storedKeys = await repo.findKeysOf(tx, storedMembershipIds);
  const newKeys: (typeof t.keys.$inferInsert)[] = [];
  for (const { row } of parsed.keys) {
    const { membershipId } = idsOf.get(row.membership_number)!;
    const values = { status: row.status, validFrom: row.valid_from, validTo: row.valid_to };
    const stored = storedKeys.find(
      (k) => k.membershipId === membershipId && k.type === row.type && k.code === row.code,
    );
    if (!stored) {
      const operatorId = operatorOfNumber(row.membership_number);
      newKeys.push(newImportedKey(row, { id: randomUUID(), membershipId }, operatorId, now));
      count('keys', 'created');
    } else {
      const changed = changedFields(stored, values).length > 0;
      if (changed) await tx.update(t.keys).set(values).where(eq(t.keys.id, stored.id));
      count('keys', changed);
    }
  }
  await repo.insertRows(tx, t.keys, newKeys);

  const storedFreezes = await repo.findFreezesOf(tx, storedMembershipIds);
  const newFreezes: (typeof t.freezePeriods.$inferInsert)[] = [];
  for (const { row } of parsed.freezes) {
    const { membershipId } = idsOf.get(row.membership_number)!;
    const stored = storedFreezes.find(
      (f) => f.membershipId === membershipId && f.beginDate === row.begin_date,
    );
    if (!stored) {
      newFreezes.push(newImportedFreeze(row, { id: randomUUID(), membershipId }, now));
      count('freezes', 'created');
    } else {
      const changed = stored.endDate !== row.end_date;
      if (changed)
        await tx
          .update(t.freezePeriods)
          .set({ endDate: row.end_date })
          .where(eq(t.freezePeriods.id, stored.id));
      count('freezes', changed);
    }
  }
  await repo.insertRows(tx, t.freezePeriods, newFreezes);

  let invited = 0;
  if (invite) {
    for (const member of newMembers) {
      const operatorId = member.operatorId as OperatorId;
      await sendInvitation(
        tx,
        { clock, mailer: invite.mailer },
        {
          id: member.id,
          operatorId,
          email: member.email,
          username: member.username,
          firstName: member.firstName,
          locale: member.locale,
        },
        defaultOrigin(operatorId, invite.config),
      );
      invited += 1;
    }
  }
  return { counts, invited };
}

/**
 * Imports what one file holds in one transaction: validated with the contract's schemas,
 * checked against the database, then written; any problem refuses the whole file
 * (ImportRefused, nothing written). With `dryRun` everything is checked and counted, and
 * nothing is kept.
 */
export async function importSource(
  db: Db,
  source: ImportSource,
  options: ImportOptions & { dryRun?: boolean },
): Promise<ImportReport> {
  const { parsed, issues } = parseSource(source);
  if (issues.length) throw new ImportRefused(issues);
  let report: ImportReport | null = null;
  try {
    await db.transaction(async (tx) => {
      await repo.lockDataLoads(tx);
      report = await applyImport(tx, parsed, options);
      if (options.dryRun) throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return report!;
}

class DryRun extends Error {}
