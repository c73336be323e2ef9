// Profile, phone verification and the prefix list: the demo answers as the server does.
import type { OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '@portal/demo-data';
import { type Both, type Call, normalize, startBoth, type Tokens } from './support/both.ts';
import {
  type demoMember,
  type SideIds,
  signInBoth,
  eventsOf,
  lastCodes,
  messagesSince,
  outboxMark,
  sameOnBoth,
  profileBody,
} from './support/personal.ts';

let both: Both;
beforeAll(async () => {
  both = await startBoth();
});
afterAll(() => both?.close());

/** One call on both sides: equal status and body; what each side sent and logged equal too. */
function same(call: Call, tokens: Tokens, ids?: SideIds) {
  return sameOnBoth(both, call, tokens, { ids, body: (value) => normalize(value, ['code_expiry']) });
}

const member = (persona: Persona, operator: OperatorId) => signInBoth(both, persona, operator);

describe('prefix list', () => {
  it.each(operatorIds)('is the same list, with the same whitelist, for %s', async (operator) => {
    const { tokens } = await member('active', operator);
    const { demo } = await same({ name: 'phonePrefixes' }, tokens);
    expect((demo.body as unknown[]).length).toBeGreaterThan(200);
  });
});

describe('profile changes', () => {
  it.each(operatorIds)(
    'saves a new e-mail and street for %s, with the same confirmations',
    async (operator) => {
      const { tokens, row, ids } = await member('active', operator);
      const body = profileBody(row, { email: `neu.${operator}@example.org`, street: 'Neue Strasse 5' });
      const { demo } = await same({ name: 'updateProfile', body }, tokens, ids);
      expect(demo.body).toMatchObject({ email: `neu.${operator}@example.org` });
    },
  );

  it('changes nothing and sends nothing when nothing changed', async () => {
    const { tokens, row, ids } = await member('in_trial', 'de');
    const { demo } = await same({ name: 'updateProfile', body: profileBody(row) }, tokens, ids);
    expect(demo.status).toBe(200);
  });

  const refusals: [string, Persona, OperatorId, (row: ReturnType<typeof demoMember>) => unknown][] = [
    ['the stored invalid mobile (invalid_details)', 'invalid_details', 'de', (row) => profileBody(row)],
    [
      'an unknown prefix where numbers are verified',
      'in_freeze',
      'fi',
      (row) => profileBody(row, { prefix: '+999' }),
    ],
    ['a number too short for its prefix', 'in_freeze', 'fi', (row) => profileBody(row, { number: '401' })],
    [
      'a street longer than allowed',
      'in_freeze',
      'no',
      (row) => profileBody(row, { street: 'x'.repeat(300) }),
    ],
    ['an e-mail that is none', 'in_freeze', 'de', (row) => profileBody(row, { email: 'no-at-sign' })],
    [
      'a mobile change in the support-only market',
      'in_freeze',
      'ch',
      (row) => profileBody(row, { number: '791234599' }),
    ],
  ];
  it.each(refusals)('refuses %s', async (_what, persona, operator, body) => {
    const { tokens, row, ids } = await member(persona, operator);
    const { demo } = await same({ name: 'updateProfile', body: body(row) }, tokens, ids);
    expect(demo.status).toBeGreaterThanOrEqual(400);
  });

  it('saves a new mobile without a code where the product does not verify numbers (de)', async () => {
    const { tokens, row, ids } = await member('in_cancellation', 'de');
    await same({ name: 'updateProfile', body: profileBody(row, { number: '15123456700' }) }, tokens, ids);
  });
});

describe('phone verification', () => {
  it.each([
    ['ch', 'phone_change_via_support'],
    ['de', 'phone_verification_not_required'],
    ['at', 'phone_verification_not_required'],
  ] as const)('refuses to send a code in %s (%s)', async (operator, type) => {
    const { tokens, ids } = await member('scheduled_freeze', operator);
    const { demo } = await same(
      { name: 'verifyPhone', body: { domain: 'portal', mobile: '+4917012345678' } },
      tokens,
      ids,
    );
    expect(demo.body).toMatchObject({ errors: [{ type }] });
  });

  it.each(['no', 'fi'] as const)(
    'refuses an invalid number before sending anything (%s)',
    async (operator) => {
      const { tokens, ids } = await member('scheduled_freeze', operator);
      await same({ name: 'verifyPhone', body: { domain: 'portal', mobile: '+47123' } }, tokens, ids);
      await same({ name: 'verifyPhone', body: { domain: 'portal', mobile: '+99912345678' } }, tokens, ids);
    },
  );

  it.each([
    ['no', '+47', '41299077'],
    ['fi', '+358', '401234577'],
  ] as const)(
    'runs the whole flow in %s: code, missing code, wrong code, right code',
    async (operator, prefix, number) => {
      const { tokens, row, ids } = await member('active', operator);
      const to = `${prefix}${number}`;
      const sent = await same(
        { name: 'verifyPhone', body: { domain: 'portal', mobile: `${prefix} ${number}` } },
        tokens,
        ids,
      );
      expect(sent.demo.body).toMatchObject({ code: '' });
      expect((sent.demo.body as { code_expiry: string }).code_expiry).toBe(
        (sent.server.body as { code_expiry: string }).code_expiry,
      );
      const codes = await lastCodes(both, to);
      expect(codes.demo).toMatch(/^\d{6}$/);
      const change = { prefix, number };
      const missing = await same({ name: 'updateProfile', body: profileBody(row, change) }, tokens, ids);
      expect(missing.demo.body).toMatchObject({ errors: [{ type: 'verification_required' }] });
      const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
      const guess = await both.call(
        { name: 'updateProfile', body: profileBody(row, { ...change, code: wrong(codes.server!) }) },
        { server: tokens.server, demo: null },
      );
      const demoGuess = await both.demo.respond(
        'updateProfile',
        new Request('http://demo.localhost/api/v1/membership/profile', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.demo}` },
          body: JSON.stringify(profileBody(row, { ...change, code: wrong(codes.demo!) })),
        }),
      );
      expect(demoGuess.status).toBe(guess.server.status);
      expect(demoGuess.body).toEqual(guess.server.body);
      expect(demoGuess.body).toMatchObject({
        errors: [{ type: 'invalid_verification_code', context: { attempts_left: 4 } }],
      });
      // Each side gets its own code: the same call with each side's right code.
      const mark = await outboxMark(both);
      const saved = await Promise.all([
        both.call(
          { name: 'updateProfile', body: profileBody(row, { ...change, code: codes.server! }) },
          { server: tokens.server, demo: null },
        ),
        both.demo.respond(
          'updateProfile',
          new Request('http://demo.localhost/api/v1/membership/profile', {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.demo}` },
            body: JSON.stringify(profileBody(row, { ...change, code: codes.demo! })),
          }),
        ),
      ]);
      expect(saved[0].server.status).toBe(200);
      expect(saved[1].status).toBe(200);
      expect(saved[1].body).toEqual(saved[0].server.body);
      const messages = await messagesSince(both, mark);
      expect(messages.demo).toEqual(messages.server);
      const events = await eventsOf(both, ids);
      expect(events.demo).toEqual(events.server);
    },
  );

  it('refuses an expired code on both sides', async () => {
    const { tokens, row, ids } = await member('in_trial', 'no');
    const to = '+4741299088';
    await same({ name: 'verifyPhone', body: { domain: 'portal', mobile: to } }, tokens, ids);
    const codes = await lastCodes(both, to);
    both.setNow('2026-11-22T11:01:00Z');
    try {
      const server = await both.call(
        {
          name: 'updateProfile',
          body: profileBody(row, { prefix: '+47', number: '41299088', code: codes.server! }),
        },
        { server: tokens.server, demo: null },
      );
      const demo = await both.demo.respond(
        'updateProfile',
        new Request('http://demo.localhost/api/v1/membership/profile', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.demo}` },
          body: JSON.stringify(profileBody(row, { prefix: '+47', number: '41299088', code: codes.demo! })),
        }),
      );
      expect(demo.status).toBe(422);
      expect(demo.body).toEqual(server.server.body);
      expect(demo.body).toMatchObject({ errors: [{ type: 'verification_code_expired' }] });
    } finally {
      both.setNow('2026-11-22T10:00:00Z');
    }
  });

  it('limits the codes a number gets in an hour (429 on the fourth)', async () => {
    const { tokens, ids } = await member('presale', 'fi');
    const mobile = '+358401234599';
    for (let i = 0; i < 3; i++)
      await same({ name: 'verifyPhone', body: { domain: 'portal', mobile } }, tokens, ids);
    const { demo } = await same({ name: 'verifyPhone', body: { domain: 'portal', mobile } }, tokens, ids);
    expect(demo.status).toBe(429);
  });

  it('keeps the SMS with the code in the demo outbox, in the member language', () => {
    const sms = both.demo.store.outbox.findLast((m) => m.channel === 'sms');
    expect(sms?.body).toMatch(/^\d{6} /);
    expect(sms?.subject).toBeNull();
  });
});
