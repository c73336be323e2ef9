import { notFound, type OperatorId } from '@portal/contract';
import { getOperator, type MembershipRecord, membershipView, todayIn } from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import type { DemoTables } from '../store.ts';

/** The member's newest membership (the server reads the one created last). */
export function newestMembershipOf(tables: DemoTables, memberId: string) {
  return tables.memberships
    .filter((m) => m.memberId === memberId)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}

/** What the server's read-model query reads (modules/membership/repository.ts prepareReadModel). */
function readModel(
  tables: DemoTables,
  memberId: string,
): (MembershipRecord & { operatorId: OperatorId }) | null {
  const member = tables.members.find((m) => m.id === memberId);
  const membership = newestMembershipOf(tables, memberId);
  if (!member || !membership) return null;
  const location = tables.locations.find((l) => l.id === membership.locationId)!;
  const product = tables.products.find((p) => p.id === membership.productId)!;
  const byTime = (a: Date, b: Date) => a.getTime() - b.getTime();
  const freezes = tables.freezePeriods
    .filter((f) => f.membershipId === membership.id)
    .sort((a, b) => a.beginDate.localeCompare(b.beginDate) || byTime(a.createdAt, b.createdAt));
  const keys = tables.keys
    .filter((k) => k.membershipId === membership.id)
    .sort((a, b) => b.validFrom.localeCompare(a.validFrom) || byTime(b.createdAt, a.createdAt));
  const paymentMethod =
    tables.paymentMethods
      .filter((p) => p.memberId === memberId && p.removedAt === null)
      .sort((a, b) => byTime(b.createdAt, a.createdAt))[0] ?? null;
  const promotion =
    tables.referralPromotions
      .filter((p) => p.operatorId === member.operatorId && p.status === 'active')
      .sort((a, b) => byTime(b.createdAt, a.createdAt))[0] ?? null;
  return {
    operatorId: member.operatorId as OperatorId,
    member,
    membership,
    location,
    product,
    freezes,
    keys,
    paymentMethod,
    promotion,
  };
}

/** Port of the server's modules/membership/service.ts: the read model is domain's membershipView. */
export const membershipHandlers = defineHandlers({
  membership({ store, auth, query }) {
    const record = readModel(store.tables, auth.memberId);
    if (!record) throw notFound('No membership.');
    const operator = getOperator(record.operatorId);
    return membershipView(record, operator, todayIn(operator.timezone, store.now()), query.locale);
  },
});
