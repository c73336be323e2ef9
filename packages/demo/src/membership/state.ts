import { type MembershipStatus, notFound, type OperatorId } from '@portal/contract';
import {
  deriveStatus,
  getOperator,
  type IsoDate,
  type MembershipFacts,
  membershipFacts,
  type OperatorSettings,
  todayIn,
} from '@portal/domain';
import type { DemoStore, DemoTables } from '../store.ts';

/** A row of one of the demo's tables. */
export type Row<T extends keyof DemoTables> = DemoTables[T][number];
export type MemberRow = Row<'members'>;

/** The membership with its member, club, product and freezes, as every rule reads it. */
export interface MembershipState {
  member: MemberRow;
  membership: Row<'memberships'>;
  location: Row<'locations'>;
  product: Row<'products'>;
  /** In date order (begin, then creation), as the server's query sorts them. */
  freezes: Row<'freezePeriods'>[];
  operator: OperatorSettings;
  today: IsoDate;
  facts: MembershipFacts;
  status: MembershipStatus;
}

const byTime = (a: Date, b: Date) => a.getTime() - b.getTime();

/**
 * Port of the server's loadMembershipState (membership/state.ts): the member's newest
 * membership, its facts and the status the domain derives for the operator's today; 404
 * without one. The demo has one tab and no concurrency, so there is nothing to lock.
 */
export function loadMembershipState(store: DemoStore, memberId: string): MembershipState {
  const { tables } = store;
  const member = tables.members.find((m) => m.id === memberId);
  const membership = tables.memberships
    .filter((m) => m.memberId === memberId)
    .sort((a, b) => byTime(b.createdAt, a.createdAt))[0];
  const location = membership && tables.locations.find((l) => l.id === membership.locationId);
  const product = membership && tables.products.find((p) => p.id === membership.productId);
  if (!member || !membership || !location || !product) throw notFound('No membership.');
  const freezes = tables.freezePeriods
    .filter((f) => f.membershipId === membership.id)
    .sort((a, b) => a.beginDate.localeCompare(b.beginDate) || byTime(a.createdAt, b.createdAt));
  const operator = getOperator(member.operatorId as OperatorId);
  const today = todayIn(operator.timezone, store.now());
  const facts = membershipFacts(membership, freezes);
  return {
    member,
    membership,
    location,
    product,
    freezes,
    operator,
    today,
    facts,
    status: deriveStatus(facts, today),
  };
}
