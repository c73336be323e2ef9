import { importedUsername as usernameOf } from '@portal/domain';
import type { Tx } from '../../db/executor.ts';
import * as repo from './repository.ts';
import type { ParsedImport } from './validate.ts';

/**
 * What the database already has of everything the file names or refers to: its clubs,
 * products, promotions and memberships (locked, with their members, by number), the members
 * holding its usernames and the memberships holding its chips.
 */
export async function loadStored(tx: Tx, parsed: ParsedImport) {
  const clubIds = [
    ...parsed.clubs.map((c) => c.row.id),
    ...parsed.products.flatMap((p) => p.row.club_ids),
    ...parsed.members.map((m) => m.row.club_id),
    ...parsed.class_sessions.map((s) => s.row.club_id),
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
  const clubs = new Map((await repo.findClubs(tx, clubIds)).map((c) => [c.id, c]));
  const products = new Map((await repo.findProducts(tx, productIds)).map((p) => [p.id, p]));
  const promotionIds = parsed.promotions.map((p) => p.row.id);
  const promotions = new Map((await repo.findPromotions(tx, promotionIds)).map((p) => [p.id, p]));
  const memberships = new Map(
    (await repo.findMembershipsForUpdate(tx, numbers)).map((r) => [r.membership.membershipNumber, r]),
  );
  const usernames = await repo.findMembersByUsername(
    tx,
    parsed.members.map((m) => usernameOf(m.row)),
  );
  const chipCodes = parsed.keys.filter((k) => k.row.type === 'rfid').map((k) => k.row.code);
  const chipHolders = new Map((await repo.findChips(tx, chipCodes)).map((c) => [c.code, c.membershipId]));
  return { clubs, products, promotions, memberships, usernames, chipHolders };
}

export type Stored = Awaited<ReturnType<typeof loadStored>>;
