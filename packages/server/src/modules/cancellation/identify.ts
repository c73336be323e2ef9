import type { OperatorId } from '@portal/contract';
import { type NamedPerson, normalizeMembershipNumber, sameName } from '@portal/domain';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { members, memberships } from '../../db/schema.ts';

export type { NamedPerson };

export type Identification = { memberId: string } | { memberId: null; reason: 'no_match' | 'ambiguous' };

/**
 * The member a public declaration names, within the operator: the membership number or the
 * e-mail on file finds candidates, the name (domain sameName) must match too. Anything but
 * exactly one member is left to support.
 */
export async function identifyMember(
  ex: Executor,
  operatorId: OperatorId,
  person: NamedPerson,
): Promise<Identification> {
  const by: SQL[] = [];
  if (person.membership_number)
    by.push(eq(memberships.membershipNumber, normalizeMembershipNumber(person.membership_number)));
  if (person.email) by.push(eq(sql`lower(${members.email})`, person.email.toLowerCase()));
  if (by.length === 0) return { memberId: null, reason: 'no_match' };
  const rows = await ex
    .select({ memberId: members.id, firstName: members.firstName, lastName: members.lastName })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .where(and(eq(members.operatorId, operatorId), or(...by)));
  const ids = new Set(
    rows
      .filter((r) => sameName(r.firstName, person.first_name) && sameName(r.lastName, person.last_name))
      .map((r) => r.memberId),
  );
  const [only] = ids;
  if (ids.size === 1 && only) return { memberId: only };
  return { memberId: null, reason: ids.size === 0 ? 'no_match' : 'ambiguous' };
}
