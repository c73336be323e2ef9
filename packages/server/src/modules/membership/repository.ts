import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  freezePeriods,
  keys,
  locations,
  members,
  memberships,
  paymentMethods,
  products,
  referralPromotions,
} from '../../db/schema.ts';

/**
 * The member's membership (the newest one) with its member, club and product rows. With
 * `forUpdate` (inside a transaction) the member's membership rows stay locked until commit.
 */
export async function findMembership(ex: Executor, memberId: string, options: { forUpdate?: boolean } = {}) {
  // Lock first, read after: on PostgreSQL a joined SELECT … FOR UPDATE that waited for the
  // lock re-checks only the locked row, so it would keep the member row as it was before
  // the wait and drop the row altogether when the other change moved the club.
  if (options.forUpdate) {
    await ex
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.memberId, memberId))
      .for('update');
  }
  const [row] = await ex
    .select({ member: members, membership: memberships, location: locations, product: products })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .innerJoin(locations, eq(locations.id, memberships.locationId))
    .innerJoin(products, eq(products.id, memberships.productId))
    .where(eq(memberships.memberId, memberId))
    .orderBy(desc(memberships.createdAt))
    .limit(1);
  return row;
}

export type MembershipRecord = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

export function listFreezePeriods(ex: Executor, membershipId: string) {
  return ex
    .select()
    .from(freezePeriods)
    .where(eq(freezePeriods.membershipId, membershipId))
    .orderBy(asc(freezePeriods.beginDate), asc(freezePeriods.createdAt));
}

export function listKeys(ex: Executor, membershipId: string) {
  return ex
    .select()
    .from(keys)
    .where(eq(keys.membershipId, membershipId))
    .orderBy(desc(keys.validFrom), desc(keys.createdAt));
}

export async function findCurrentPaymentMethod(ex: Executor, memberId: string) {
  const [row] = await ex
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.memberId, memberId), isNull(paymentMethods.removedAt)))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  return row;
}

export async function findActivePromotion(ex: Executor, operatorId: string) {
  const [row] = await ex
    .select()
    .from(referralPromotions)
    .where(and(eq(referralPromotions.operatorId, operatorId), eq(referralPromotions.status, 'active')))
    .orderBy(desc(referralPromotions.createdAt))
    .limit(1);
  return row;
}
