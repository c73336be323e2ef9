import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Both, type Call, startBoth, type Tokens } from './support/both.ts';

// The contract's text rule and the session-first order (docs/security.md, R2 and R11) on
// the demo against the real server: the same status and body.

let both: Both;
let who: Tokens;
beforeAll(async () => {
  both = await startBoth();
  who = await both.signIn('active', 'de');
});
afterAll(() => both?.close());

async function same(call: Call, tokens: Tokens | undefined, status: number) {
  const { server, demo } = await both.call(call, tokens);
  expect(demo).toEqual(server);
  expect(demo.status).toBe(status);
  return demo.body as { errors: { context?: { field?: string } }[] };
}

describe('text that PostgreSQL refuses', () => {
  it('is a 400 naming the field for a lone surrogate or a NUL, signed in or not', async () => {
    const reset = { operator_id: 'de', username: 'a\ud800', url: 'http://de.localhost/', locale: 'en-DE' };
    const refused = await same({ name: 'resetPassword', body: reset }, undefined, 400);
    expect(refused.errors[0]?.context?.field).toBe('body.username');
    for (const details of [{ k: 'x\udfff' }, { '\ud800': 1 }, { k: ['a\u0000'] }]) {
      await same({ name: 'logEvent', body: { action: 'view', status: 'success', details } }, who, 400);
    }
    await same({ name: 'cancel', body: { kind: 'ordinary', reason: '\udc00' } }, who, 400);
  });
});

describe('the session check', () => {
  it('comes before the body: no or an unknown token with a bad body is a 401', async () => {
    const none = { server: null, demo: null };
    const unknown = { server: 'nope', demo: 'nope' };
    for (const tokens of [none, unknown]) {
      await same({ name: 'logEvent', body: { action: 1 } }, tokens, 401);
      await same({ name: 'logEvent', body: { action: 'a\ud800', status: 'success' } }, tokens, 401);
      await same(
        { name: 'updateFreeze', params: { id: 'not-an-id' }, body: { freeze_period: 1 } },
        tokens,
        401,
      );
    }
  });
});
