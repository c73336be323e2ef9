import type { ImportEntity, OperatorId } from '@portal/contract';
import { getOperator, type MembershipIds, todayIn } from '@portal/domain';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../settings.ts';
import type { Db, Tx } from '../../db/executor.ts';
import type { PasswordHasher } from '../../ports.ts';
import { findIssues } from './checks.ts';
import { checkClasses, loadStoredClasses, upsertClasses, upsertClassSessions } from './classes.ts';
import { inviteNewMembers } from './invitations.ts';
import * as repo from './repository.ts';
import { ImportRefused, type ImportSource } from './source.ts';
import { loadStored } from './stored.ts';
import { type ParsedImport, parseSource } from './validate.ts';
import {
  upsertClubs,
  upsertFreezes,
  upsertKeys,
  upsertMembers,
  upsertProducts,
  upsertPromotions,
} from './writes.ts';

export type { MembershipIds } from '@portal/domain';

export interface ImportOptions {
  clock: Clock;
  /** Hashes the unusable password of each new member. */
  passwords: PasswordHasher;
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

/**
 * Applies validated rows in the caller's transaction: checks every reference against the
 * file and the database first (and throws ImportRefused with all problems, so the caller's
 * transaction writes nothing), then upserts by natural id: clubs, products and promotions
 * by id, members by membership number, keys by membership, type and code, freezes by
 * membership and begin date. A row equal to what is stored counts as unchanged; the
 * import never deletes. New members are invited to set their password.
 * The steps: loadStored (stored.ts), findIssues (checks.ts), the upserts (writes.ts) in
 * the order the rows refer to each other, inviteNewMembers (invitations.ts).
 */
export async function applyImport(
  tx: Tx,
  parsed: ParsedImport,
  options: ImportOptions,
): Promise<ImportReport> {
  const { clock, invite } = options;
  const now = clock.now();
  const stored = await loadStored(tx, parsed);
  const storedClasses = await loadStoredClasses(tx, parsed);
  const fileClubs = new Map(parsed.clubs.map((c) => [c.row.id, c.row.operator_id as string]));
  const issues = [
    ...findIssues(parsed, stored, {
      today: (operator: OperatorId) => todayIn(getOperator(operator).timezone, now),
      inviteConfig: invite?.config ?? null,
    }),
    ...checkClasses(parsed, storedClasses, (id) => fileClubs.get(id) ?? stored.clubs.get(id)?.operatorId),
  ];
  if (issues.length) throw new ImportRefused(issues);

  // Everything checks out: write, each entity after those its rows refer to (the order of
  // IMPORT_ENTITIES, which the report keeps).
  const clubs = await upsertClubs(tx, parsed.clubs, stored);
  const products = await upsertProducts(tx, parsed.products, stored);
  const promotions = await upsertPromotions(tx, parsed.promotions, stored, now);
  const members = await upsertMembers(tx, parsed.members, stored, options, now);
  const keys = await upsertKeys(tx, parsed.keys, stored, members.memberships, now);
  const freezes = await upsertFreezes(tx, parsed.freezes, stored, members.memberships, now);
  const invited = invite ? await inviteNewMembers(tx, members.created, clock, invite) : 0;
  const classes = await upsertClasses(tx, parsed.classes, storedClasses);
  const class_sessions = await upsertClassSessions(tx, parsed.class_sessions, storedClasses);
  const counts = {
    clubs,
    products,
    promotions,
    members: members.counts,
    keys,
    freezes,
    classes,
    class_sessions,
  };
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
