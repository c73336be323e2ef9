import { SignedInSessions } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { SESSION_SEEN_EVERY_MS } from '../src/modules/auth/service.ts';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { memberApi } from './support/member-api.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

// Signed-in devices (docs/security.md, R9; docs/club-consents-account.md).
describe.each(databases())('signed-in devices on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  }, 600_000);
  afterAll(() => t?.close());

  const signInWith = async (username: string, operator_id: string, userAgent?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      headers: userAgent ? { 'user-agent': userAgent } : {},
      payload: { username, password: 'demo', operator_id },
    });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const list = async (token: string) => {
    const res = await api.call('GET', '/v1/membership/sessions', token);
    expect(res.statusCode, res.body).toBe(200);
    return SignedInSessions.parse(res.json());
  };

  it('lists the member’s live sessions with device labels, this one first and marked, no token in sight', async () => {
    const phone = await signInWith('active@no.example', 'no', CHROME_ANDROID);
    t.clock.advance(60_000);
    const laptop = await signInWith('active@no.example', 'no', FIREFOX_WINDOWS);
    const stranger = await signInWith('active@de.example', 'de', CHROME_ANDROID);

    const seen = await list(laptop);
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => [s.device, s.current])).toEqual([
      ['Firefox · Windows', true],
      ['Chrome · Android', false],
    ]);
    const fromPhone = await list(phone);
    expect(fromPhone.find((s) => s.current)?.device).toBe('Chrome · Android');
    // The ids are the rows' own ids: neither the tokens nor their hashes.
    const rows = await t.db.select().from(sessions);
    for (const s of seen) {
      expect(s.id).not.toBe(phone);
      expect(s.id).not.toBe(laptop);
      expect(rows.some((r) => r.tokenHash === s.id)).toBe(false);
    }
    expect(JSON.stringify(seen)).not.toContain(stranger);
    expect((await list(stranger)).map((s) => s.device)).toEqual(['Chrome · Android']);
  });

  it('ends one other session: its token answers 401 at once, the others stay', async () => {
    const a = await signInWith('in_trial@de.example', 'de', CHROME_ANDROID);
    const b = await signInWith('in_trial@de.example', 'de', FIREFOX_WINDOWS);
    const c = await signInWith('in_trial@de.example', 'de');
    const other = (await list(a)).find((s) => s.device === 'Firefox · Windows')!;
    expect((await api.call('GET', '/v1/membership/sessions', b)).statusCode).toBe(200);

    const res = await api.call('DELETE', `/v1/membership/sessions/${other.id}`, a);
    expect(res.statusCode, res.body).toBe(204);
    expect((await api.call('GET', '/v2/membership', b)).statusCode).toBe(401);
    expect((await api.call('GET', '/v1/membership/sessions', b)).statusCode).toBe(401);
    expect((await api.call('GET', '/v2/membership', a)).statusCode).toBe(200);
    expect((await api.call('GET', '/v2/membership', c)).statusCode).toBe(200);
    expect((await list(a)).map((s) => s.id)).not.toContain(other.id);
    // Ended already: the same 404 as an id that never was.
    expect((await api.call('DELETE', `/v1/membership/sessions/${other.id}`, a)).statusCode).toBe(404);
  });

  it('answers 404 for another member’s session id and leaves that session alone', async () => {
    const mine = await signInWith('in_freeze@de.example', 'de');
    const theirs = await signInWith('in_cancellation@de.example', 'de');
    const theirId = (await list(theirs))[0]!.id;
    const res = await api.call('DELETE', `/v1/membership/sessions/${theirId}`, mine);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].type).toBe('not_found');
    expect((await api.call('GET', '/v2/membership', theirs)).statusCode).toBe(200);
    expect((await api.call('DELETE', '/v1/membership/sessions/no-such-id', mine)).statusCode).toBe(404);
  });

  it('"sign out everywhere else" ends every other session of the member only', async () => {
    const here = await signInWith('max_frozen@de.example', 'de', FIREFOX_WINDOWS);
    const there = [
      await signInWith('max_frozen@de.example', 'de'),
      await signInWith('max_frozen@de.example', 'de', CHROME_ANDROID),
    ];
    const bystander = await signInWith('active@at.example', 'at');
    // Without ?others=true it is not this call.
    expect((await api.call('DELETE', '/v1/membership/sessions', here)).statusCode).toBe(400);
    const res = await api.call('DELETE', '/v1/membership/sessions?others=true', here);
    expect(res.statusCode, res.body).toBe(204);
    for (const token of there) expect((await api.call('GET', '/v2/membership', token)).statusCode).toBe(401);
    expect((await api.call('GET', '/v2/membership', here)).statusCode).toBe(200);
    expect((await api.call('GET', '/v2/membership', bystander)).statusCode).toBe(200);
    expect((await list(here)).map((s) => [s.device, s.current])).toEqual([['Firefox · Windows', true]]);
  });

  it('writes last seen at most every few minutes', async () => {
    const token = await signInWith('active@ch.example', 'ch');
    const row = async () => (await list(token))[0]!;
    const signedInAt = (await row()).last_seen_at;
    expect((await row()).created_at).toBe(signedInAt);
    t.clock.advance(SESSION_SEEN_EVERY_MS - 1000);
    await api.call('GET', '/v1/membership/sessions', token);
    expect((await row()).last_seen_at).toBe(signedInAt);
    t.clock.advance(2000);
    const used = t.clock.now().toISOString();
    await api.call('GET', '/v1/membership/sessions', token);
    expect((await row()).last_seen_at).toBe(used);
  });
});

// Ending a session ends its cached read model (ADR 029), as sign-out does.
describe.each(databases())('ending a session with the read model cache on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { readModelCache: true });
  }, 600_000);
  afterAll(() => t?.close());

  it('a session whose read was cached answers 401 once another device ended it', async () => {
    const api = memberApi(t);
    const ended = await t.signIn('active', 'fi');
    const ender = await t.signIn('active', 'fi');
    expect((await api.call('GET', '/v2/membership', ended)).statusCode).toBe(200);
    expect((await api.call('GET', '/v2/membership', ended)).statusCode).toBe(200);
    const id = SignedInSessions.parse((await api.call('GET', '/v1/membership/sessions', ender)).json()).find(
      (s) => !s.current,
    )!.id;
    expect((await api.call('DELETE', `/v1/membership/sessions/${id}`, ender)).statusCode).toBe(204);
    expect((await api.call('GET', '/v2/membership', ended)).statusCode).toBe(401);
  });
});
