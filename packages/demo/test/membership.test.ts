// GET /v2/membership and POST /v1/membership/event, on the real server and in the demo,
// for every persona of every operator in every locale the operator has.
import { getOperator, operatorIds } from '@portal/domain';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@portal/db-schema';
import { demoUsername, PERSONAS } from '@portal/demo-data';
import { type Both, normalize, startBoth } from './support/both.ts';

let both: Both;
beforeAll(async () => {
  both = await startBoth();
});
afterAll(() => both?.close());

describe.each(operatorIds)('GET /v2/membership of %s', (op) => {
  it.each(PERSONAS)(
    '%s: the same answer in every locale of the operator, and without one',
    async (persona) => {
      const tokens = await both.signIn(persona, op);
      expect(tokens.server && tokens.demo).toBeTruthy();
      for (const locale of [undefined, ...getOperator(op).locales]) {
        const answers = await both.call(
          { name: 'membership', ...(locale ? { query: { locale } } : {}) },
          tokens,
        );
        expect(answers.demo.status, `${persona} ${locale}`).toBe(200);
        expect(normalize(answers.demo.body), `${persona} ${locale}`).toEqual(normalize(answers.server.body));
      }
    },
  );
});

describe('GET /v2/membership refusals', () => {
  it('answers 401 without a session, 400 for a malformed locale or an unknown parameter', async () => {
    const none = await both.call({ name: 'membership' });
    expect(none.demo.status).toBe(401);
    expect(none.demo).toEqual(none.server);
    const tokens = await both.signIn('active', 'de');
    const queries: Record<string, string>[] = [{ locale: 'english' }, { locale: 'de-DE', path: '/x' }];
    for (const query of queries) {
      const bad = await both.call({ name: 'membership', query }, tokens);
      expect(bad.demo.status, JSON.stringify(query)).toBe(400);
      expect(bad.demo).toEqual(bad.server);
    }
  });

  it('answers a well-formed locale of no catalogue language in English, as the server', async () => {
    const tokens = await both.signIn('active', 'ch');
    const answers = await both.call({ name: 'membership', query: { locale: 'xx-XX' } }, tokens);
    expect(answers.demo.status).toBe(200);
    expect(normalize(answers.demo.body)).toEqual(normalize(answers.server.body));
  });
});

describe('POST /v1/membership/event', () => {
  it('logs the event on the member and their membership, as the server does', async () => {
    const tokens = await both.signIn('in_freeze', 'no');
    const body = { action: 'freeze_viewed', status: 'success', details: { step: 2 } };
    const answers = await both.call({ name: 'logEvent', body }, tokens);
    expect(answers.demo).toEqual(answers.server);
    expect(answers.demo.status).toBe(204);
    const [stored] = await both.server.db.select().from(t.events).orderBy(desc(t.events.createdAt)).limit(1);
    const logged = both.demo.store.tables.events.at(-1)!;
    const member = both.demo.store.tables.members.find((m) => m.id === logged.memberId)!;
    expect(member.username).toBe(demoUsername('in_freeze', 'no'));
    const shape = (row: typeof logged) => ({
      ...row,
      id: '<id>',
      memberId: '<member>',
      membershipId: row.membershipId && '<membership>',
    });
    expect(shape(logged)).toEqual(shape(stored!));
    expect(logged.membershipId).toBe(
      both.demo.store.tables.memberships.find((m) => m.memberId === member.id)!.id,
    );
  });

  it('refuses what the contract refuses, with the same 400', async () => {
    const tokens = await both.signIn('active', 'fi');
    const answers = await both.call({ name: 'logEvent', body: { action: '', status: 'nope' } }, tokens);
    expect(answers.demo.status).toBe(400);
    expect(answers.demo).toEqual(answers.server);
  });
});
