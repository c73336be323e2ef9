import type { OperatorId } from '@portal/contract';
import { desc, eq } from 'drizzle-orm';
import { cancellationDeclarations, members, memberships } from '../../src/db/schema.ts';
import { demoUsername, type Persona } from '@portal/demo-data';
import type { TestApp } from './harness.ts';

/** What a demo persona would type into the public form to name themselves. */
export async function identityOf(t: TestApp, persona: Persona, op: OperatorId) {
  const [row] = await t.db
    .select({
      first_name: members.firstName,
      last_name: members.lastName,
      email: members.email,
      membership_number: memberships.membershipNumber,
    })
    .from(members)
    .innerJoin(memberships, eq(memberships.memberId, members.id))
    .where(eq(members.username, demoUsername(persona, op)));
  return row!;
}

/** The declarations recorded, newest first. */
export function declarations(t: TestApp) {
  return t.db.select().from(cancellationDeclarations).orderBy(desc(cancellationDeclarations.receivedAt));
}

export async function declarationByReference(t: TestApp, reference: string) {
  const [row] = await t.db
    .select()
    .from(cancellationDeclarations)
    .where(eq(cancellationDeclarations.reference, reference));
  return row;
}

/** POST /api/v1/public/cancellations from a client address, without a session. */
export function postPublic(t: TestApp, payload: string | object, ip = '203.0.113.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/public/cancellations',
    remoteAddress: ip,
    ...(typeof payload === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
    payload,
  });
}
