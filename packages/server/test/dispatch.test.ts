import { type EndpointName, endpoints, type OperatorId } from '@portal/contract';
import { DEMO_PASSWORD, demoUsername, type Persona } from '@portal/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DispatchRequest, dispatch, endpointTable } from '../src/endpoint-core.ts';
import { demoDoorKey } from '../src/modules/workouts/demo-door-keys.ts';
import { startApp, type TestApp } from './support/harness.ts';

/** The headers an endpoint's answer means (the rest are the transport's: helmet, request id, caching). */
const MEANT = [
  'content-type',
  'link',
  'content-disposition',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

interface Call extends Omit<DispatchRequest, 'ip' | 'headers'> {
  /** Who sends it: a demo member (signed in on each side), a raw Authorization header, or nobody. */
  as?: [Persona, OperatorId] | { authorization: string };
}

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** An answer without the seconds a limit's window has left (header and body alike). */
function withoutSecondsLeft(seen: Seen): Seen {
  const { 'x-ratelimit-reset': _reset, 'retry-after': retryAfter, ...headers } = seen.headers;
  const body = JSON.parse(JSON.stringify(seen.body ?? null).replace(/"retry_after":\d+/, '"retry_after":0'));
  return {
    status: seen.status,
    headers: { ...headers, ...(retryAfter ? { 'retry-after': 'some' } : {}) },
    body,
  };
}

const meant = (headers: Record<string, unknown>) =>
  Object.fromEntries(MEANT.filter((name) => headers[name] !== undefined).map((n) => [n, String(headers[n])]));

/**
 * The server (app.inject) and the endpoint table's dispatcher answer the same calls, each on
 * its own clone of the same seeded PGlite database, so writes start from the same rows.
 */
describe('the endpoint table dispatched without Fastify answers as the server does', () => {
  let server: TestApp;
  let host: TestApp;
  const tokens = new Map<string, { server: string; host: string }>();
  beforeAll(async () => {
    [server, host] = await Promise.all([startApp('pglite'), startApp('pglite')]);
  });
  afterAll(async () => {
    await server?.close();
    await host?.close();
  });

  /** Signs in through each side's own sign-in: the server's route, the dispatcher's entry. */
  async function signedIn(persona: Persona, operator: OperatorId) {
    const id = `${persona}@${operator}`;
    let pair = tokens.get(id);
    if (!pair) {
      const answer = await dispatch(host.app.endpointTable, 'authenticate', {
        ip: '127.0.0.1',
        body: { username: demoUsername(persona, operator), password: DEMO_PASSWORD, operator_id: operator },
      });
      expect(answer.status).toBe(200);
      pair = {
        server: await server.signIn(persona, operator),
        host: (answer.body as { token: string }).token,
      };
      tokens.set(id, pair);
    }
    return pair;
  }

  async function authorization(as: Call['as']): Promise<{ server?: string; host?: string }> {
    if (!as) return {};
    if ('authorization' in as) return { server: as.authorization, host: as.authorization };
    const pair = await signedIn(...as);
    return { server: `Bearer ${pair.server}`, host: `Bearer ${pair.host}` };
  }

  async function viaServer(name: EndpointName, call: Call, auth?: string): Promise<Seen> {
    const endpoint = endpoints[name];
    const path = endpoint.path.replace(/:(\w+)/g, (_, p: string) =>
      encodeURIComponent(call.params?.[p] ?? ''),
    );
    const search = new URLSearchParams(call.query as Record<string, string> | undefined).toString();
    const res = await server.app.inject({
      method: endpoint.method,
      url: `/api${path}${search ? `?${search}` : ''}`,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(call.text !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(call.text !== undefined
        ? { payload: call.text }
        : call.body !== undefined
          ? { payload: call.body as object }
          : {}),
    });
    return {
      status: res.statusCode,
      headers: meant(res.headers),
      body: res.body === '' ? undefined : res.json(),
    };
  }

  async function viaDispatch(name: EndpointName, call: Call, auth?: string): Promise<Seen> {
    const answer = await dispatch(host.app.endpointTable, name, {
      ...call,
      ip: '127.0.0.1',
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(call.text !== undefined ? { 'content-type': 'application/json' } : {}),
      },
    });
    return { ...answer, headers: meant(answer.headers) };
  }

  /**
   * The call on both sides; the dispatcher's answer must be the server's (`fresh` blanks
   * what each side makes anew, such as the id of a row the call wrote).
   */
  async function both(name: EndpointName, call: Call = {}, fresh = (body: unknown) => body): Promise<Seen> {
    const auth = await authorization(call.as);
    const fromServer = await viaServer(name, call, auth.server);
    const fromDispatch = await viaDispatch(name, call, auth.host);
    const blanked = (seen: Seen) => ({ ...seen, body: fresh(seen.body) });
    expect(blanked(fromDispatch), name).toEqual(blanked(fromServer));
    return fromServer;
  }

  it('has exactly one entry for every call of the contract, the contract’s own', () => {
    const table = host.app.endpointTable;
    expect(Object.keys(table).sort()).toEqual(Object.keys(endpoints).sort());
    for (const name of Object.keys(endpoints) as EndpointName[])
      expect(table[name].endpoint).toBe(endpoints[name]);
    // The builder refuses a call twice and a call left out.
    const { signOut, ...rest } = table;
    expect(() => endpointTable(rest, { signOut }, { signOut })).toThrow(/two entries/);
    expect(() => endpointTable(rest)).toThrow(/without an entry: signOut/);
  });

  it('reads with a session (the membership read joined with it), and 401 without one or with a wrong one', async () => {
    const ok = await both('membership', { as: ['active', 'de'], query: { locale: 'en-DE' } });
    expect(ok.status).toBe(200);
    expect((await both('membership')).status).toBe(401);
    expect((await both('workouts', { as: { authorization: 'Bearer not-a-session' } })).status).toBe(401);
    expect((await both('contact', { as: ['active', 'fi'] })).status).toBe(200);
  });

  it('refuses with 422 in the operator’s spelling, and answers the write that passes', async () => {
    const freeze = (begin_date: string, end_date: string) => ({ freeze_period: { begin_date, end_date } });
    const refused = await both('createFreeze', {
      as: ['scheduled_freeze', 'ch'],
      body: freeze('2027-03-01', '2027-03-31'),
    });
    expect(refused.status).toBe(422);
    expect(
      (await both('createFreeze', { as: ['max_frozen', 'no'], body: freeze('2026-12-01', '2026-12-31') }))
        .status,
    ).toBe(422);
    expect((await both('updateGdpr', { as: ['active', 'at'], body: { gdpr_opt_in: true } })).status).toBe(
      204,
    );
  });

  it('answers 400 naming the field for a bad body, a bad query and unknown fields, and 401 before any of it', async () => {
    const bad = await both('createFreeze', {
      as: ['active', 'de'],
      body: { freeze_period: { begin_date: 'soon' } },
    });
    expect(bad.status).toBe(400);
    expect((await both('createFreeze', { as: ['active', 'de'], body: { other: 1 } })).status).toBe(400);
    expect((await both('createFreeze', { as: ['active', 'de'], text: '{"freeze_period":' })).status).toBe(
      400,
    );
    expect((await both('createFreeze', { as: ['active', 'de'] })).status).toBe(400);
    expect((await both('invoices', { as: ['active', 'de'], query: { limit: 'many' } })).status).toBe(400);
    expect((await both('createFreeze', { body: { other: 1 } })).status).toBe(401);
  });

  it('answers 404 for an unknown id', async () => {
    const missing = await both('invoice', { as: ['active', 'de'], params: { id: 'no-such-invoice' } });
    expect(missing.status).toBe(404);
  });

  it('pages invoices with the same Link header, and exports with the same Content-Disposition', async () => {
    const page = await both('invoices', { as: ['active', 'de'], query: { limit: '5' } });
    expect(page.headers.link).toMatch(
      /^<\/api\/v1\/membership\/invoices\?limit=5&before=[^>]+>; rel="next"$/,
    );
    const before = /before=([^>&]+)/.exec(page.headers.link!)![1]!;
    await both('invoices', {
      as: ['active', 'de'],
      query: { limit: '5', before: decodeURIComponent(before) },
    });
    // The export logs itself as an event, with an id of its own on each side.
    const exported = await both('exportData', { as: ['active', 'de'] }, (body) =>
      JSON.parse(JSON.stringify(body), (_key, value) =>
        value?.action === 'data_export' ? { ...value, id: 'fresh' } : value,
      ),
    );
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename=/);
  });

  it('checks a door system’s club key before the body: a check-in with the key, 401 with a wrong one', async () => {
    const key = demoDoorKey('de-berlin-mitte');
    const member = await both('membership', { as: ['active', 'de'] });
    const code = (member.body as { keys: { type: string; code: string }[] }).keys.find(
      (k) => k.type === 'pin',
    )!.code;
    const checkIn = { check_in_id: 'dispatch-1', code, at: '2026-11-22T09:30:00Z' };
    const counted = await both('doorCheckIn', { as: { authorization: `Bearer ${key}` }, body: checkIn });
    expect(counted.status).toBe(200);
    expect(counted.headers['x-ratelimit-limit']).toBeDefined();
    const wrong = await both('doorCheckIn', {
      as: { authorization: 'Bearer door_wrong' },
      body: { nonsense: true },
    });
    expect(wrong.status).toBe(401);
  });

  it('counts a request limit per member and answers 429 with Retry-After at the same call', async () => {
    const seen: Seen[] = [];
    for (let i = 0; i <= 10; i++) {
      const call: Call = { as: ['in_trial', 'de'], body: { code: `GUESS${i}00` } };
      const auth = await authorization(call.as);
      const fromServer = await viaServer('reportLostChip', call, auth.server);
      const fromDispatch = await viaDispatch('reportLostChip', call, auth.host);
      // The windows started a few milliseconds apart: the seconds left may differ by one.
      const left = (s: Seen) => Number(s.headers['x-ratelimit-reset']);
      expect(Math.abs(left(fromServer) - left(fromDispatch))).toBeLessThanOrEqual(1);
      expect(withoutSecondsLeft(fromDispatch)).toEqual(withoutSecondsLeft(fromServer));
      seen.push(fromServer);
    }
    expect(seen.map((s) => s.status)).toEqual([...Array(10).fill(422), 429]);
    expect(Number(seen[10]!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
