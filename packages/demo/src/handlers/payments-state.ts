import { type MembershipStatus, notFound, type OperatorId } from '@portal/contract';
import {
  compareInvoicesNewestFirst,
  deriveStatus,
  getOperator,
  type IsoDate,
  type MembershipFacts,
  membershipFacts,
  memberMail,
  type OperatorSettings,
  spellForOperator,
  todayIn,
} from '@portal/domain';
import type { DemoStore, DemoTables } from '../store.ts';

type Tables = DemoTables;
export type MemberRow = Tables['members'][number];
export type InvoiceRow = Tables['invoices'][number];

/** The membership as the server's loadMembershipState reads it (modules/membership/state.ts). */
export interface DemoState {
  member: MemberRow;
  membership: Tables['memberships'][number];
  location: Tables['locations'][number];
  product: Tables['products'][number];
  freezes: Tables['freezePeriods'][number][];
  operator: OperatorSettings;
  today: IsoDate;
  facts: MembershipFacts;
  status: MembershipStatus;
}

const byTime = (a: { createdAt: Date }, b: { createdAt: Date }) =>
  a.createdAt.getTime() - b.createdAt.getTime();

/** The member's newest membership with its club, product and freezes (date order); 404 without one. */
export function loadState(store: DemoStore, memberId: string): DemoState {
  const { tables } = store;
  const member = tables.members.find((m) => m.id === memberId);
  const membership = tables.memberships
    .filter((m) => m.memberId === memberId)
    .sort(byTime)
    .at(-1);
  const location = tables.locations.find((l) => l.id === membership?.locationId);
  const product = tables.products.find((p) => p.id === membership?.productId);
  if (!member || !membership || !location || !product) throw notFound('No membership.');
  const freezes = tables.freezePeriods
    .filter((f) => f.membershipId === membership.id)
    .sort((a, b) => (a.beginDate === b.beginDate ? byTime(a, b) : a.beginDate < b.beginDate ? -1 : 1));
  const operator = getOperator(member.operatorId as OperatorId);
  const today = todayIn(operator.timezone, store.now());
  const facts = membershipFacts(membership, freezes);
  const status = deriveStatus(facts, today);
  return { member, membership, location, product, freezes, operator, today, facts, status };
}

/** The events row the server's logMembershipChange writes. */
export function logChange(
  store: DemoStore,
  state: DemoState,
  action: string,
  details: Record<string, unknown>,
  status: 'in_progress' | 'success' | 'failure' = 'success',
): void {
  store.tables.events.push({
    id: crypto.randomUUID(),
    memberId: state.member.id,
    membershipId: state.membership.id,
    action,
    status,
    details,
    createdAt: store.now(),
  });
}

/** What the server's sendMemberMail puts into its outbox, into the demo's. */
export function mailMember(
  store: DemoStore,
  state: DemoState,
  mail: { subject: string; body: string },
): void {
  const { subject, text } = memberMail(state.operator.brand, state.member, mail);
  // The server's outbox writes every message in its operator's spelling (adapters/outbox.ts).
  const spell = (t: string) => spellForOperator(state.operator, t);
  store.outbox.push({
    channel: 'email',
    to: state.member.email,
    subject: spell(subject),
    body: spell(text),
    memberId: state.member.id,
    createdAt: store.now(),
  });
}

/** The member's invoices newest first (date, then number), as repository.listInvoices. */
export function memberInvoices(store: DemoStore, memberId: string): InvoiceRow[] {
  return store.tables.invoices.filter((i) => i.memberId === memberId).sort(compareInvoicesNewestFirst);
}

/** Rows of a child table that belong to some invoices, in the server's order (time, then id). */
export function ofInvoices<R extends { invoiceId: string; createdAt: Date; id: string }>(
  rows: readonly R[],
  ids: readonly string[],
): R[] {
  const wanted = new Set(ids);
  return rows
    .filter((r) => wanted.has(r.invoiceId))
    .sort((a, b) => byTime(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
