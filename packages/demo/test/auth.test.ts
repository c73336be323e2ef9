// Sign-in, sign-out and the password reset on the real server and in the demo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUsername } from '@portal/demo-data';
import { type Both, normalize, startBoth } from './support/both.ts';

let both: Both;
beforeAll(async () => {
  both = await startBoth();
});
afterAll(() => both?.close());

const credentials = (username: string, password: string, operator_id = 'de') => ({
  name: 'authenticate' as const,
  body: { username, password, operator_id },
});

describe('POST /auth/authenticate', () => {
  it.each([
    ['the demo password', demoUsername('active', 'de'), DEMO_PASSWORD],
    [
      'a username typed with capitals and spaces',
      `  ${demoUsername('unpaid', 'de').toUpperCase()} `,
      DEMO_PASSWORD,
    ],
  ])('signs in with %s: a token and its expiry', async (_, username, password) => {
    const answers = await both.call(credentials(username, password));
    expect(answers.demo.status).toBe(200);
    expect(normalize(answers.demo.body)).toEqual(normalize(answers.server.body));
    expect((answers.demo.body as { token: string }).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['a wrong password', demoUsername('active', 'de'), 'not-the-password', 'de'],
    ['an unknown username', 'nobody@de.example', DEMO_PASSWORD, 'de'],
    ["another operator's member", demoUsername('active', 'at'), DEMO_PASSWORD, 'de'],
  ])('refuses %s with the same 401', async (_, username, password, operator) => {
    const answers = await both.call(credentials(username, password, operator));
    expect(answers.demo.status).toBe(401);
    expect(answers.demo).toEqual(answers.server);
  });

  it('refuses a body the contract refuses with the same 400', async () => {
    const answers = await both.call({ name: 'authenticate', body: { username: 'x', operator_id: 'zz' } });
    expect(answers.demo.status).toBe(400);
    expect(answers.demo).toEqual(answers.server);
  });
});

describe('POST /auth/signout', () => {
  it('ends the session: the token is refused with the same 401 afterwards', async () => {
    const tokens = await both.signIn('in_trial', 'no');
    const before = await both.call({ name: 'membership' }, tokens);
    expect([before.server.status, before.demo.status]).toEqual([200, 200]);
    const out = await both.call({ name: 'signOut' }, tokens);
    expect(out.demo).toEqual(out.server);
    expect(out.demo.status).toBe(204);
    const after = await both.call({ name: 'membership' }, tokens);
    expect(after.demo.status).toBe(401);
    expect(after.demo).toEqual(after.server);
    const again = await both.call({ name: 'signOut' }, tokens);
    expect(again.demo).toEqual(again.server);
  });
});

describe('POST /auth/reset and /auth/update', () => {
  const reset = (username: string, operator_id = 'fi') => ({
    name: 'resetPassword' as const,
    body: { operator_id, username, url: 'http://demo.localhost', locale: 'fi-FI' },
  });

  it('answers 204 alike for a member and for nobody', async () => {
    for (const username of [demoUsername('active', 'fi'), 'nobody@fi.example']) {
      const answers = await both.call(reset(username));
      expect(answers.demo.status).toBe(204);
      expect(answers.demo).toEqual(answers.server);
    }
  });

  it('refuses an unknown token with the same 422 invalid_reset_token', async () => {
    const body = { operator_id: 'fi', token: 'x'.repeat(43), password: 'a-New-passw0rd-2026' };
    const answers = await both.call({ name: 'updatePassword', body });
    expect(answers.demo.status).toBe(422);
    expect(answers.demo).toEqual(answers.server);
  });

  it('mails the member a link (the server text, into the outbox) that sets a new password once', async () => {
    const { demo } = both;
    const username = demoUsername('cancelled', 'fi');
    const before = demo.store.outbox.length;
    await demo.respond('resetPassword', post('/api/auth/reset', reset(username).body));
    const mail = demo.store.outbox.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(username);
    expect(mail[0]!.subject).toContain('salasana');
    const link = /(http\S+\/password\/update\?token=)(\S+)/.exec(mail[0]!.body);
    expect(link?.[1]).toBe('http://demo.localhost/password/update?token=');

    const token = (await signIn(username, DEMO_PASSWORD)).body as { token: string };
    const update = { operator_id: 'fi', token: link![2]!, password: 'a-New-passw0rd-2026' };
    expect((await demo.respond('updatePassword', post('/api/auth/update', update))).status).toBe(204);
    // Signed out everywhere; the new password signs in, the old one no longer does.
    const session = await demo.respond('membership', get('/api/v2/membership', token.token));
    expect(session.status).toBe(401);
    expect((await signIn(username, 'a-New-passw0rd-2026')).status).toBe(200);
    expect((await signIn(username, DEMO_PASSWORD)).status).toBe(401);
    // The link works once.
    const twice = await demo.respond('updatePassword', post('/api/auth/update', update));
    expect(twice.status).toBe(422);
  });
});

function post(path: string, body: unknown): Request {
  return new Request(`http://demo.localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function get(path: string, token: string): Request {
  return new Request(`http://demo.localhost${path}`, { headers: { authorization: `Bearer ${token}` } });
}

const signIn = (username: string, password: string) =>
  both.demo.respond(
    'authenticate',
    post('/api/auth/authenticate', { username, password, operator_id: 'fi' }),
  );
