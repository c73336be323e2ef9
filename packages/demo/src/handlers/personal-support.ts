import type { MembershipStatus, OperatorId } from '@portal/contract';
import { notFound } from '@portal/contract';
import {
  deriveStatus,
  getOperator,
  type IsoDate,
  type MembershipFacts,
  membershipFacts,
  type OperatorSettings,
  spellForOperator,
  todayIn,
} from '@portal/domain';
import type { DemoStore, DemoTables } from '../store.ts';

/*
 * What the personal-data and access handlers share, ported from the server's membership
 * module onto the demo's tables: the membership as every rule reads it (state.ts), the
 * event log (changes.ts), the outbox (adapters/outbox.ts) and a scheduled charge
 * (billing.ts).
 */

type Tables = DemoTables;
export type MemberRow = Tables['members'][number];

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

const byDateThenCreated =
  <T extends { createdAt: Date }>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b)) || a.createdAt.getTime() - b.createdAt.getTime();

/** The member's newest membership with its rows, facts and status (the server's loadMembershipState). */
export function loadState(store: DemoStore, memberId: string): DemoState {
  const { tables } = store;
  const membership = tables.memberships
    .filter((m) => m.memberId === memberId)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const member = tables.members.find((m) => m.id === memberId);
  const location = membership && tables.locations.find((l) => l.id === membership.locationId);
  const product = membership && tables.products.find((p) => p.id === membership.productId);
  if (!membership || !member || !location || !product) throw notFound('No membership.');
  const freezes = tables.freezePeriods
    .filter((f) => f.membershipId === membership.id)
    .sort(byDateThenCreated((f) => f.beginDate));
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

/** A change of the membership in the event log, as the server's logMembershipChange writes it. */
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

/** What the server's mailer or SMS sender would put into its outbox, in the operator's spelling. */
export function send(
  store: DemoStore,
  operator: OperatorSettings,
  memberId: string,
  message: { to: string; subject?: string; text: string },
): void {
  const channel = message.subject === undefined ? 'sms' : 'email';
  store.outbox.push({
    channel,
    to: message.to,
    subject: message.subject === undefined ? null : spellForOperator(operator, message.subject),
    body: spellForOperator(operator, message.text),
    memberId,
    createdAt: store.now(),
  });
}

export interface DemoCharge {
  memberId: string;
  operator: OperatorSettings;
  invoiceDate: string;
  amount: number;
  type: Tables['invoiceLines'][number]['productType'];
  productId: string | null;
  concept: string;
  period: { from: string; to: string } | null;
}

/** A one-line scheduled invoice, as the server's scheduleCharge writes it. */
export function scheduleCharge(store: DemoStore, charge: DemoCharge): string {
  const method = store.tables.paymentMethods
    .filter((p) => p.memberId === charge.memberId && p.removedAt === null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const id = crypto.randomUUID();
  store.tables.invoices.push({
    id,
    memberId: charge.memberId,
    invoiceNumber: `${charge.operator.id.toUpperCase()}-${charge.invoiceDate.slice(0, 4)}-${id.slice(0, 8).toUpperCase()}`,
    status: 'scheduled',
    invoiceDate: charge.invoiceDate,
    amount: charge.amount,
    currency: charge.operator.currency,
    periodFrom: charge.period?.from ?? null,
    periodTo: charge.period?.to ?? null,
    paymentMethodType: method?.type ?? null,
    paymentMethodDetails: method ? `${method.brand} ${method.details}` : null,
    createdAt: store.now(),
  });
  store.tables.invoiceLines.push({
    id: crypto.randomUUID(),
    invoiceId: id,
    position: 1,
    amount: charge.amount,
    productType: charge.type,
    productId: charge.productId,
    systemConcept: charge.type,
    humanConcept: charge.concept,
    periodFrom: charge.period?.from ?? null,
    periodTo: charge.period?.to ?? null,
  });
  return id;
}
