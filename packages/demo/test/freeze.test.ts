import type { OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Persona, PERSONAS } from '@portal/demo-data';
import { signedInOnce } from './support/both.ts';
import { type Call, type Mirror, normalize, startMirror, type Tokens } from './support/mirror.ts';

// The freeze calls on the demo against the real server, from the same rows at the same
// clock (2026-11-22): equal answers, and after every write equal rows and e-mails.

const WRITTEN = ['freezePeriods', 'invoices', 'invoiceLines', 'events', 'memberships'] as const;
const period = (begin_date: string, end_date: string) => ({ freeze_period: { begin_date, end_date } });

let m: Mirror;
const signIn = signedInOnce((persona, operator) => m.signIn(persona, operator));

/** One call on both sides: the same status and (normalised) body; the demo's answer. */
async function same(call: Call, who: Pick<Tokens, 'server' | 'demo'>, status: number) {
  const { server, demo } = await m.call(call, who);
  expect(normalize(demo.body)).toEqual(normalize(server.body));
  expect({ status: demo.status }).toEqual({ status: server.status });
  expect(demo.status).toBe(status);
  return { server: server.body, demo: demo.body };
}

/** The params naming a row each side made (its own id). */
const ids = (made: { server: unknown; demo: unknown }) => ({
  params: { id: (made.server as { id: string }).id },
  demo: { params: { id: (made.demo as { id: string }).id } },
});

/** After a write: every row and e-mail the server wrote, the demo wrote too. */
async function sameRows() {
  const rows = await m.tables([...WRITTEN]);
  expect(rows.demo).toEqual(rows.server);
  const mails = await m.mails();
  expect(normalize(mails.demo)).toEqual(normalize(mails.server));
}

beforeAll(async () => {
  m = await startMirror('2026-11-22T10:00:00Z');
});
afterAll(() => m?.close());

describe('freeze policy', () => {
  it.each(operatorIds)('is the same for every persona of %s', async (operator) => {
    for (const persona of PERSONAS) {
      const { demo } = await same({ name: 'freezePolicy' }, await signIn(persona, operator), 200);
      expect(demo, `${persona}@${operator}`).toHaveProperty('membership.status');
    }
  });
});

describe('freeze changes', () => {
  it('books, changes and cancels a scheduled freeze (at), billing its months anew', async () => {
    const who = await signIn('active', 'at');
    const created = ids(
      await same({ name: 'createFreeze', body: period('2027-01-01', '2027-02-28') }, who, 200),
    );
    await sameRows();
    await same({ name: 'freezePolicy' }, who, 200);
    await same({ name: 'updateFreeze', ...created, body: period('2027-01-01', '2027-03-31') }, who, 200);
    await sameRows();
    await same({ name: 'deleteFreeze', ...created }, who, 204);
    await sameRows();
    // A cancelled freeze can no longer be changed or cancelled again.
    await same({ name: 'updateFreeze', ...created, body: period('2027-01-01', '2027-01-31') }, who, 422);
    await same({ name: 'deleteFreeze', ...created }, who, 422);
  });

  it('moves the end of a freeze under way and ends it early, billing the rest of the month (de)', async () => {
    const who = await signIn('in_freeze', 'de');
    const policy = (await same({ name: 'freezePolicy' }, who, 200)).demo as {
      membership: { current_freeze: { id: string; begin_date: string } };
    };
    // The seeded freeze has the same id on both sides (the demo's rows are the server's).
    const current = policy.membership.current_freeze;
    await same(
      { name: 'updateFreeze', params: { id: current.id }, body: period(current.begin_date, '2026-12-31') },
      who,
      200,
    );
    await sameRows();
    // A begun freeze keeps its start date.
    await same(
      { name: 'updateFreeze', params: { id: current.id }, body: period('2026-12-01', '2026-12-31') },
      who,
      422,
    );
    await same({ name: 'deleteFreeze', params: { id: current.id } }, who, 204);
    await sameRows();
  });

  const refusals: [string, Persona, OperatorId, Call][] = [
    [
      'at the yearly maximum',
      'max_frozen',
      'fi',
      { name: 'createFreeze', body: period('2026-12-01', '2026-12-31') },
    ],
    [
      'at the yearly maximum',
      'max_frozen',
      'de',
      { name: 'createFreeze', body: period('2026-12-01', '2027-01-31') },
    ],
    ['a start mid-month', 'active', 'no', { name: 'createFreeze', body: period('2027-01-15', '2027-01-31') }],
    ['an end mid-month', 'active', 'no', { name: 'createFreeze', body: period('2027-01-01', '2027-01-15') }],
    [
      'an end before the start',
      'active',
      'ch',
      { name: 'createFreeze', body: period('2027-03-01', '2027-01-31') },
    ],
    ['a start too late', 'active', 'ch', { name: 'createFreeze', body: period('2028-06-01', '2028-06-30') }],
    [
      'a start in the past',
      'active',
      'de',
      { name: 'createFreeze', body: period('2026-10-01', '2026-10-31') },
    ],
    [
      'a second scheduled freeze',
      'scheduled_freeze',
      'ch',
      { name: 'createFreeze', body: period('2027-06-01', '2027-06-30') },
    ],
    [
      'a cancelled membership',
      'cancelled',
      'de',
      { name: 'createFreeze', body: period('2027-01-01', '2027-01-31') },
    ],
    ['a trial', 'in_trial', 'fi', { name: 'createFreeze', body: period('2027-01-01', '2027-01-31') }],
    [
      'a membership in cancellation',
      'in_cancellation',
      'no',
      { name: 'createFreeze', body: period('2027-01-01', '2027-01-31') },
    ],
    [
      'cancelling in the wrong status',
      'stopped',
      'at',
      { name: 'deleteFreeze', params: { id: '00000000-0000-4000-8000-000000000000' } },
    ],
    [
      'an unknown freeze',
      'active',
      'fi',
      { name: 'deleteFreeze', params: { id: '00000000-0000-4000-8000-000000000000' } },
    ],
    [
      'an unknown freeze to change',
      'active',
      'fi',
      {
        name: 'updateFreeze',
        params: { id: '00000000-0000-4000-8000-000000000000' },
        body: period('2027-01-01', '2027-01-31'),
      },
    ],
    ['a malformed id', 'active', 'fi', { name: 'deleteFreeze', params: { id: 'nope' } }],
    ['dates that are no dates', 'active', 'de', { name: 'createFreeze', body: period('2027-13-01', 'soon') }],
    ['no body', 'active', 'de', { name: 'createFreeze' }],
  ];

  it.each(refusals)(
    'refuses %s (%s@%s) as the server does, writing nothing',
    async (_, persona, operator, call) => {
      const answer = await m.call(call, await signIn(persona, operator));
      expect(answer.server.status).toBeGreaterThanOrEqual(400);
      expect(normalize(answer.demo.body)).toEqual(normalize(answer.server.body));
      expect(answer.demo.status).toBe(answer.server.status);
      await sameRows();
    },
  );

  it('answers 401 without a session, as the server', async () => {
    await same({ name: 'freezePolicy' }, { server: 'x', demo: 'x' }, 401);
  });
});
