import { ApiError, notFound } from '@portal/contract';
import {
  deriveStatus,
  getOperator,
  type IsoDate,
  languageOf,
  localizedItem,
  type MembershipFacts,
  membershipFacts,
  type OperatorSettings,
  type RefusalTexts,
  type RuleError,
  todayIn,
} from '@portal/domain';
import type { MembershipStatus, OperatorId } from '@portal/contract';
import type { DemoStore, DemoTables } from './store.ts';

// The server's membership/state.ts, billing.ts (scheduleCharge) and changes.ts
// on the demo's tables: what every area's handler reads and writes about the membership.

type Rows<K extends keyof DemoTables> = DemoTables[K][number];

export interface DemoMembershipState {
  member: Rows<'members'>;
  membership: Rows<'memberships'>;
  location: Rows<'locations'>;
  product: Rows<'products'>;
  freezes: Rows<'freezePeriods'>[];
  operator: OperatorSettings;
  today: IsoDate;
  facts: MembershipFacts;
  status: MembershipStatus;
}

/** The member's newest membership with its facts and derived status (server: loadMembershipState). */
export function loadMembershipState(store: DemoStore, memberId: string): DemoMembershipState {
  const t = store.tables;
  const member = t.members.find((m) => m.id === memberId);
  let membership: Rows<'memberships'> | undefined;
  for (const m of t.memberships)
    if (m.memberId === memberId && (!membership || m.createdAt > membership.createdAt)) membership = m;
  const location = membership && t.locations.find((l) => l.id === membership.locationId);
  const product = membership && t.products.find((p) => p.id === membership.productId);
  if (!member || !membership || !location || !product) throw notFound('No membership.');
  const freezes = t.freezePeriods.filter((f) => f.membershipId === membership.id);
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

/** A 422 with an area's own refusal texts in the member's language (server: localizedRefusal). */
export function localizedRefusal(
  texts: RefusalTexts,
  locale: string,
  errors: readonly RuleError[],
): ApiError {
  const language = languageOf(locale);
  return new ApiError(
    422,
    errors.map((e) => localizedItem(texts, e, language)),
  );
}

export interface DemoCharge {
  memberId: string;
  operator: OperatorSettings;
  invoiceDate: IsoDate;
  amount: number;
  type: string;
  systemConcept?: string;
  productId: string | null;
  concept: string;
  period: { from: IsoDate; to: IsoDate } | null;
  createdAt: Date;
}

/** A scheduled one-line invoice, paid with the member's current method (server: scheduleCharge). */
export function scheduleCharge(store: DemoStore, charge: DemoCharge): string {
  const t = store.tables;
  let method: Rows<'paymentMethods'> | undefined;
  for (const m of t.paymentMethods)
    if (m.memberId === charge.memberId && m.removedAt === null && (!method || m.createdAt > method.createdAt))
      method = m;
  const id = crypto.randomUUID();
  t.invoices.push({
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
    createdAt: charge.createdAt,
  });
  t.invoiceLines.push({
    id: crypto.randomUUID(),
    invoiceId: id,
    position: 1,
    amount: charge.amount,
    productType: charge.type,
    productId: charge.productId,
    systemConcept: charge.systemConcept ?? charge.type,
    humanConcept: charge.concept,
    periodFrom: charge.period?.from ?? null,
    periodTo: charge.period?.to ?? null,
  });
  return id;
}

/** A change of the membership in the event log (server: logMembershipChange). */
export function logMembershipChange(
  store: DemoStore,
  state: DemoMembershipState,
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
