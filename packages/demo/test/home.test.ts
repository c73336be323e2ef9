import type { OperatorId } from '@portal/contract';
import { getOperator, operatorIds, PT_TOKEN_TTL_MS, verifyPtToken } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAS } from '@portal/demo-data';
import { demoDoorKey } from '@portal/demo-data';
import { DEMO_PT_WIDGET_KEY } from '@portal/demo-data';
import { type Both, normalize, startBoth } from './support/both.ts';

// Home's calls answered by the demo and by the real server from the same rows, compared
// by status and body (docs/demo.md, "Comparing with the server").

let both: Both;
beforeAll(async () => {
  both = await startBoth();
});
afterAll(() => both?.close());

const OPERATORS = operatorIds as readonly OperatorId[];
const LOCALES = ['en-GB', 'de-DE', 'fr-CH', 'nb-NO', 'fi-FI'] as const;

async function expectSame(
  answers: { server: { status: number; body: unknown }; demo: { status: number; body: unknown } },
  fields?: string[],
) {
  expect(answers.demo.status).toBe(answers.server.status);
  expect(normalize(answers.demo.body, fields)).toEqual(normalize(answers.server.body, fields));
}

describe('home in the demo answers as the server', () => {
  it('counts every persona’s workouts per month as the server, also at another clock', async () => {
    let withWorkouts = 0;
    for (const op of OPERATORS) {
      for (const persona of PERSONAS) {
        const tokens = await both.signIn(persona, op);
        const answers = await both.call({ name: 'workouts' }, tokens);
        await expectSame(answers);
        if ((answers.server.body as { total: number }).total > 0) withWorkouts++;
      }
    }
    expect(withWorkouts).toBeGreaterThan(10);
    // Earlier in the year: the months after the clock and their check-ins are not counted.
    both.setNow('2026-06-15T21:30:00Z');
    try {
      for (const op of OPERATORS) {
        const tokens = await both.signIn('active', op);
        const answers = await both.call({ name: 'workouts' }, tokens);
        await expectSame(answers);
        const months = (answers.demo.body as { months: { year: number; month: number }[] }).months;
        expect(months.at(-1)).toEqual(expect.objectContaining({ year: 2026, month: 6 }));
      }
    } finally {
      both.setNow('2026-11-22T10:00:00Z');
    }
  });

  it('gives every operator’s contact and each persona’s club', async () => {
    const clubs = new Set<string>();
    for (const op of OPERATORS) {
      for (const persona of PERSONAS) {
        const answers = await both.call({ name: 'contact' }, await both.signIn(persona, op));
        await expectSame(answers);
        expect(answers.demo.status).toBe(200);
        clubs.add((answers.demo.body as { club: { id: string } | null }).club?.id ?? 'none');
      }
    }
    // The personas' clubs of every operator (no persona belongs to a club closed for good).
    expect(clubs.has('none')).toBe(false);
    expect(clubs.size).toBeGreaterThan(OPERATORS.length);
  });

  it('shows the content of every operator for every status and language', async () => {
    for (const op of OPERATORS) {
      for (const persona of PERSONAS) {
        const tokens = await both.signIn(persona, op);
        await expectSame(await both.call({ name: 'content' }, tokens));
        if (persona === 'active') {
          for (const locale of LOCALES) {
            const answers = await both.call({ name: 'content', query: { locale } }, tokens);
            await expectSame(answers);
            expect((answers.demo.body as { highlights: unknown[] }).highlights.length).toBeGreaterThan(0);
          }
          await expectSame(await both.call({ name: 'content', query: { locale: 'x' } }, tokens));
        }
      }
    }
  });

  it('offers the current referral for the statuses that have one, 404 for the others', async () => {
    const statuses = new Set<number>();
    for (const op of OPERATORS) {
      for (const persona of PERSONAS) {
        const answers = await both.call({ name: 'currentReferral' }, await both.signIn(persona, op));
        await expectSame(answers);
        statuses.add(answers.demo.status);
      }
    }
    expect([...statuses].sort()).toEqual([200, 404]);
  });

  it('opens PT widget sessions per operator and status, with a token whose claims are the server’s', async () => {
    const statuses = new Set<number>();
    for (const op of OPERATORS) {
      for (const persona of PERSONAS) {
        const tokens = await both.signIn(persona, op);
        for (const widget of ['package_buy', 'booking'] as const) {
          const answers = await both.call({ name: 'ptWidgetSession', body: { widget } }, tokens);
          await expectSame(answers);
          statuses.add(answers.demo.status);
          if (answers.demo.status !== 200) continue;
          const token = (answers.demo.body as { token: string }).token;
          const checked = await verifyPtToken(DEMO_PT_WIDGET_KEY, token, widget, both.server.clock.now());
          if (!checked.ok) throw new Error(`demo token refused: ${checked.reason}`);
          const serverClaims = JSON.parse(
            Buffer.from(
              (answers.server.body as { token: string }).token.split('.')[1]!,
              'base64url',
            ).toString(),
          );
          expect(normalize({ ...checked.claims, jti: '' })).toEqual(normalize({ ...serverClaims, jti: '' }));
          expect(checked.claims.exp * 1000 - both.server.clock.now().getTime()).toBe(PT_TOKEN_TTL_MS);
        }
      }
    }
    // Widgets for the running statuses, 422 for the others, 404 where the operator has no PT.
    expect([...statuses].sort()).toEqual(
      OPERATORS.some((op) => !getOperator(op).ptEnabled) ? [200, 404, 422] : [200, 422],
    );
  });

  it('refuses home’s calls without a session', async () => {
    for (const name of ['workouts', 'contact', 'content', 'currentReferral'] as const) {
      await expectSame(await both.call({ name }, { server: 'nope', demo: 'nope' }));
    }
  });
});

describe('door check-ins in the demo', () => {
  /** A working chip or PIN of a persona, with a club of its product. */
  function keyOf(persona: string, op: OperatorId) {
    const t = both.demo.store.tables;
    const member = t.members.find((m) => m.username === `${persona}@${op}.example`)!;
    const membership = t.memberships.find((m) => m.memberId === member.id)!;
    const product = t.products.find((p) => p.id === membership.productId)!;
    const keys = t.keys.filter((k) => k.membershipId === membership.id);
    const key = keys.find((k) => k.status === 'active' && k.validTo === null) ?? keys[0]!;
    return { code: key.code, club: product.locationIds[0]! };
  }

  it('counts a check-in with a club’s demo key once, and refuses as the server does', async () => {
    const seen = new Set<string>();
    for (const op of OPERATORS) {
      const { code, club } = keyOf('active', op);
      const key = await demoDoorKey(club);
      const door = async (body: unknown, authorization = `Bearer ${key}`) => {
        const answers = await both.call({ name: 'doorCheckIn', body, headers: { authorization } });
        const error = (answers.demo.body as { errors?: { type: string }[] }).errors?.[0]?.type;
        seen.add(`${answers.demo.status} ${error ?? 'counted'}`);
        return answers;
      };
      const at = '2026-11-22T09:30:00Z';
      const id = `door-${op}-1`;
      const first = await door({ check_in_id: id, code, at });
      expect(first.server.status, JSON.stringify(first.server.body)).toBe(200);
      await expectSame(first);
      await expectSame(await door({ check_in_id: id, code, at })); // the same delivery again
      await expectSame(await door({ check_in_id: id, code, at: '2026-11-22T09:31:00Z' })); // id reused
      await expectSame(await door({ check_in_id: `door-${op}-2`, code: 'NO-SUCH-CODE', at }));
      await expectSame(await door({ check_in_id: `door-${op}-3`, code, at: '2026-11-23T09:30:00Z' })); // future
      const stopped = keyOf('stopped', op);
      await expectSame(await door({ check_in_id: `door-${op}-4`, code: stopped.code, at }));
      const frozen = keyOf('in_freeze', op);
      await expectSame(await door({ check_in_id: `door-${op}-7`, code: frozen.code, at }));
      const presale = keyOf('presale', op);
      await expectSame(await door({ check_in_id: `door-${op}-8`, code: presale.code, at }));
      await expectSame(await door({ check_in_id: `door-${op}-5`, code, at }, 'Bearer door-demo-wrong'));
      await expectSame(await door({ check_in_id: `door-${op}-6`, code, at }, ''));
      // Anti-passback: a new id within five minutes opens the door and is not counted; after, it is.
      const repeat = await door({ check_in_id: `door-${op}-9`, code, at: '2026-11-22T09:34:59Z' });
      expect(repeat.server.body).toMatchObject({ counted: false });
      await expectSame(repeat);
      const later = await door({ check_in_id: `door-${op}-10`, code, at: '2026-11-22T09:35:00Z' });
      expect(later.server.body).toMatchObject({ counted: true });
      await expectSame(later);
    }
    expect([...seen].sort()).toEqual([
      '200 counted',
      '401 unauthorized',
      '422 check_in_id_reused',
      '422 check_in_in_future',
      '422 invalid_status_for_check_in',
      '422 key_not_active',
      '422 unknown_code',
    ]);
  });

  it('counts the accepted check-in in the member’s workouts on both sides', async () => {
    const tokens = await both.signIn('active', 'de');
    await expectSame(await both.call({ name: 'workouts' }, tokens));
  });
});
