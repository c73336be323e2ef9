import type { OperatorId } from '@portal/contract';
import {
  type DeclarationContent,
  declarationColumns,
  declarationIdentityKey,
  declarationReference,
  type NamedPerson,
} from '@portal/domain';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { hmacSha256Hex, randomBytes, randomUUID, sha256Hex } from '../../platform/crypto.ts';
import { cancellationDeclarations, type DeclarationOutcome } from '../../db/schema.ts';

export type DeclarationRow = typeof cancellationDeclarations.$inferInsert;

/** A reference such as DE-7K2M-Q9XA: random, so it says nothing about the declaration. */
export function newReference(operatorId: OperatorId): string {
  return declarationReference(operatorId, randomBytes(8));
}

/** Who a declaration names (domain declarationIdentityKey), hashed for the per-identity limit. */
export function identityHash(operatorId: OperatorId, person: NamedPerson): string {
  return sha256Hex(declarationIdentityKey(operatorId, person));
}

/** The client's address as a keyed hash: equal addresses compare, the address is not kept. */
export function clientIpHash(ip: string, key: string): string {
  return hmacSha256Hex(key, ip);
}

/** The columns that repeat what a declaration said (domain declarationColumns) and the identity it names. */
export function declarationFields(operatorId: OperatorId, locale: string, content: DeclarationContent) {
  return {
    ...declarationColumns(operatorId, locale, content),
    identityHash: identityHash(operatorId, content),
  } satisfies Partial<DeclarationRow>;
}

export async function insertDeclaration(ex: Executor, row: Omit<DeclarationRow, 'id'>): Promise<string> {
  const id = randomUUID();
  await ex.insert(cancellationDeclarations).values({ id, ...row });
  return id;
}

export async function settleDeclaration(
  ex: Executor,
  id: string,
  outcome: {
    outcome: DeclarationOutcome;
    outcomeReason?: string | null;
    memberId?: string | null;
    membershipId?: string | null;
    endDate?: string | null;
  },
): Promise<void> {
  await ex.update(cancellationDeclarations).set(outcome).where(eq(cancellationDeclarations.id, id));
}

/** Arrival times of an identity's public declarations since a moment, newest first. */
export async function recentArrivals(ex: Executor, identity: string, since: Date, limit: number) {
  const rows = await ex
    .select({ arrivedAt: cancellationDeclarations.arrivedAt })
    .from(cancellationDeclarations)
    .where(
      and(
        eq(cancellationDeclarations.identityHash, identity),
        eq(cancellationDeclarations.source, 'public'),
        gt(cancellationDeclarations.arrivedAt, since),
      ),
    )
    .orderBy(desc(cancellationDeclarations.arrivedAt))
    .limit(limit);
  return rows.map((r) => r.arrivedAt);
}

/**
 * Whether a public declaration matched the member since a moment, however it named them
 * (number or e-mail): such a member has heard of one today (domain publicDeclarationOutcome).
 */
export async function memberMatchedSince(ex: Executor, memberId: string, since: Date): Promise<boolean> {
  const [row] = await ex
    .select({ id: cancellationDeclarations.id })
    .from(cancellationDeclarations)
    .where(
      and(
        eq(cancellationDeclarations.memberId, memberId),
        eq(cancellationDeclarations.source, 'public'),
        gt(cancellationDeclarations.arrivedAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}
