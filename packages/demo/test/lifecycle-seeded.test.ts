import { desc } from 'drizzle-orm';
import { operatorIds } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@portal/db-schema';
import { demoUsername, PERSONAS } from '@portal/demo-data';
import { type Both, signedInOnce, startBoth, type Tokens } from './support/both.ts';
import { normalize } from './support/mirror.ts';

// The lifecycle calls on the demo as the browser has it: tables filled by seedDemo (not a
// copy of the server's), answers equal to the server's. freeze.test.ts and
// cancellation.test.ts compare every written row; this file checks the demo's own data.

let both: Both;
/** The server's sign-in; on the demo a session made directly (independent of the auth handler). */
const signIn = signedInOnce(async (persona, operator): Promise<Tokens> => {
  const member = both.demo.store.tables.members.find((m) => m.email === demoUsername(persona, operator))!;
  const demo = crypto.randomUUID();
  both.demo.store.sessions.set(demo, { memberId: member.id, operatorId: operator });
  return { server: await both.server.signIn(persona, operator), demo };
});

async function same(call: Parameters<Both['call']>[0], who: Tokens | undefined, status: number) {
  const { server, demo } = await both.call(call, who);
  expect(normalize(demo.body)).toEqual(normalize(server.body));
  expect(demo.status).toBe(server.status);
  expect(demo.status).toBe(status);
  return { server: server.body as { id?: string }, demo: demo.body as { id?: string } };
}

/** The newest e-mail on each side: the same text. */
async function sameLastMail() {
  const [server] = await both.server.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  const demo = both.demo.store.outbox.at(-1);
  expect(normalize({ to: demo?.to, subject: demo?.subject, body: demo?.body })).toEqual(
    normalize({ to: server?.to, subject: server?.subject, body: server?.body }),
  );
}

beforeAll(async () => {
  both = await startBoth('2026-11-22T10:00:00Z');
});
afterAll(() => both?.close());

describe('on the demo data', () => {
  it.each(operatorIds)('answers both policies for every persona of %s as the server', async (operator) => {
    for (const persona of PERSONAS) {
      const who = await signIn(persona, operator);
      await same({ name: 'freezePolicy' }, who, 200);
      await same({ name: 'cancellationPolicy' }, who, 200);
    }
  });

  it('books and changes a freeze (mailing it), then refuses a second scheduled one', async () => {
    const who = await signIn('active', 'no');
    const period = (begin_date: string, end_date: string) => ({ freeze_period: { begin_date, end_date } });
    const made = await same({ name: 'createFreeze', body: period('2027-02-01', '2027-03-31') }, who, 200);
    await sameLastMail();
    const ids = { params: { id: made.server.id! } };
    const demoIds = { id: made.demo.id! };
    // both.call passes one params object: the demo's freeze has its own id, so call each side.
    const change = await both.call(
      { name: 'updateFreeze', ...ids, body: period('2027-02-01', '2027-02-28') },
      who,
    );
    const demoChange = await both.demo.respond(
      'updateFreeze',
      new Request(`http://demo.localhost/api/v1/membership/freeze_periods/${demoIds.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${who.demo}`, 'content-type': 'application/json' },
        body: JSON.stringify(period('2027-02-01', '2027-02-28')),
      }),
      demoIds,
    );
    expect(change.server.status).toBe(200);
    expect(normalize(demoChange.body)).toEqual(normalize(change.server.body));
    await same({ name: 'freezePolicy' }, who, 200);
    await same({ name: 'createFreeze', body: period('2027-06-01', '2027-06-30') }, who, 422);
  });

  it('refuses a freeze at the yearly maximum', async () => {
    await same(
      { name: 'createFreeze', body: { freeze_period: { begin_date: '2026-12-01', end_date: '2026-12-31' } } },
      await signIn('max_frozen', 'at'),
      422,
    );
  });

  it('cancels, reactivates and withdraws as the server', async () => {
    await same({ name: 'cancel', body: { kind: 'ordinary' } }, await signIn('active', 'de'), 200);
    await sameLastMail();
    await same({ name: 'reactivate' }, await signIn('active', 'de'), 204);
    await sameLastMail();
    await same({ name: 'withdrawal', body: {} }, await signIn('new_signup', 'fi'), 200);
    await sameLastMail();
    await same({ name: 'withdrawal', body: {} }, await signIn('new_signup', 'ch'), 422);
  });

  it('takes a public declaration for a member of the demo data', async () => {
    const member = both.demo.store.tables.members.find((m) => m.email === demoUsername('rfid', 'de'))!;
    const body = {
      operator_id: 'de',
      locale: 'de-DE',
      kind: 'ordinary',
      contract: 'membership',
      first_name: member.firstName,
      last_name: member.lastName,
      email: member.email,
      confirmation_email: member.email,
    };
    await same({ name: 'publicCancellation', body }, undefined, 200);
    await sameLastMail();
    await same({ name: 'cancellationPolicy' }, await signIn('rfid', 'de'), 200);
  });
});
