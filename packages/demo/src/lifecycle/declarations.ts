import type { OperatorId } from '@portal/contract';
import {
  type DeclarationContent,
  declarationColumns,
  declarationIdentityKey,
  declarationReference,
  type NamedPerson,
  normalizeMembershipNumber,
  sameName,
} from '@portal/domain';
import type { DemoStore, DemoTables } from '../store.ts';

type DeclarationRow = DemoTables['cancellationDeclarations'][number];

/** A reference such as DE-7K2M-Q9XA from the browser's randomness (server: node's). */
export function newReference(operatorId: OperatorId): string {
  return declarationReference(operatorId, crypto.getRandomValues(new Uint8Array(8)));
}

/** sha256 of the identity key, hex, as the server's identityHash (Web Crypto: async). */
export async function identityHash(operatorId: OperatorId, person: NamedPerson): Promise<string> {
  const key = new TextEncoder().encode(declarationIdentityKey(operatorId, person));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', key));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The columns that repeat what a declaration said (domain declarationColumns) and the identity it names. */
export async function declarationFields(operatorId: OperatorId, locale: string, content: DeclarationContent) {
  return {
    ...declarationColumns(operatorId, locale, content),
    identityHash: await identityHash(operatorId, content),
  } satisfies Partial<DeclarationRow>;
}

type NewDeclaration = Omit<
  DeclarationRow,
  'id' | 'website' | 'outcomeReason' | 'memberId' | 'membershipId' | 'endDate'
> &
  Partial<Pick<DeclarationRow, 'website' | 'outcomeReason' | 'memberId' | 'membershipId' | 'endDate'>>;

/** Stores a declaration with the database's defaults (null) for what it leaves out. */
export function insertDeclaration(store: DemoStore, row: NewDeclaration): string {
  const id = crypto.randomUUID();
  store.tables.cancellationDeclarations.push({
    website: null,
    outcomeReason: null,
    memberId: null,
    membershipId: null,
    endDate: null,
    ...row,
    id,
  });
  return id;
}

export function settleDeclaration(
  store: DemoStore,
  id: string,
  outcome: Partial<
    Pick<DeclarationRow, 'outcome' | 'outcomeReason' | 'memberId' | 'membershipId' | 'endDate'>
  >,
): void {
  const row = store.tables.cancellationDeclarations.find((d) => d.id === id);
  if (row) Object.assign(row, outcome);
}

/** Arrival times of an identity's public declarations since a moment, newest first. */
export function recentArrivals(store: DemoStore, identity: string, since: Date, limit: number): Date[] {
  return store.tables.cancellationDeclarations
    .filter((d) => d.identityHash === identity && d.source === 'public' && d.arrivedAt > since)
    .map((d) => d.arrivedAt)
    .sort((a, b) => b.getTime() - a.getTime())
    .slice(0, limit);
}

/** Whether a public declaration matched the member since a moment, however it named them (server: memberMatchedSince). */
export function memberMatchedSince(store: DemoStore, memberId: string, since: Date): boolean {
  return store.tables.cancellationDeclarations.some(
    (d) => d.memberId === memberId && d.source === 'public' && d.arrivedAt > since,
  );
}

export type Identification = { memberId: string } | { memberId: null; reason: 'no_match' | 'ambiguous' };

/**
 * The member a public declaration names, within the operator (server: identify.ts): the
 * membership number or the e-mail on file finds candidates, the name must match too.
 */
export function identifyMember(
  store: DemoStore,
  operatorId: OperatorId,
  person: NamedPerson,
): Identification {
  const number = person.membership_number ? normalizeMembershipNumber(person.membership_number) : null;
  const email = person.email?.toLowerCase() ?? null;
  if (number === null && email === null) return { memberId: null, reason: 'no_match' };
  const { members, memberships } = store.tables;
  const ids = new Set<string>();
  for (const membership of memberships) {
    const member = members.find((m) => m.id === membership.memberId);
    if (!member || member.operatorId !== operatorId) continue;
    const found = membership.membershipNumber === number || member.email.toLowerCase() === email;
    if (found && sameName(member.firstName, person.first_name) && sameName(member.lastName, person.last_name))
      ids.add(member.id);
  }
  const [only] = ids;
  if (ids.size === 1 && only) return { memberId: only };
  return { memberId: null, reason: ids.size === 0 ? 'no_match' : 'ambiguous' };
}
