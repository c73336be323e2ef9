// The demo's handlers against the real server: the same call on both sides, at the same
// clock, from the same demo data, compared by status and body (docs/demo.md, "Comparing with the server").
import { type EndpointName, endpoints, type OperatorId } from '@portal/contract';
import { startApp, type TestApp } from '@portal/server/test/support/harness.ts';
import { DEMO_PASSWORD, demoUsername, type Persona } from '@portal/demo-data';
import { createDemo, type Demo } from '../../src/demo.ts';
import { seedDemo } from '../../src/data/seed.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export interface Call {
  name: EndpointName;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One member signed in on both sides: the server's token and the demo's. */
export interface Tokens {
  server: string | null;
  demo: string | null;
}

export interface Both {
  server: TestApp;
  demo: Demo;
  signIn(persona: Persona, operator: OperatorId): Promise<Tokens>;
  call(call: Call, tokens?: Tokens): Promise<{ server: Answer; demo: Answer }>;
  /** Moves both clocks (the server's PORTAL_CLOCK and the demo's). */
  setNow(iso: string): void;
  close(): Promise<void>;
}

/** The call's address under /api, its params filled in and its query appended. */
export function pathOf(call: Pick<Call, 'name' | 'params' | 'query'>): string {
  const path = endpoints[call.name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(call.params?.[key] ?? ''),
  );
  const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
  return `/api${path}${query}`;
}

/** Starts the real server on PGlite (seeded) and a demo at the same clock. */
export async function startBoth(now = '2026-11-22T10:00:00Z'): Promise<Both> {
  const server = await startApp('pglite', { now });
  const demo = createDemo({ now: () => server.clock.now(), seed: seedDemo });
  const both: Both = {
    server,
    demo,
    async signIn(persona, operator) {
      const body = {
        username: demoUsername(persona, operator),
        password: DEMO_PASSWORD,
        operator_id: operator,
      };
      const answers = await both.call({ name: 'authenticate', body });
      const token = (a: Answer) => (a.status === 200 ? ((a.body as { token: string }).token ?? null) : null);
      return { server: token(answers.server), demo: token(answers.demo) };
    },
    async call(call, tokens) {
      const endpoint = endpoints[call.name];
      const url = pathOf(call);
      const headers = (token: string | null | undefined): Record<string, string> => ({
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...call.headers,
      });
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
      const res = await server.app.inject({
        method: endpoint.method,
        url,
        headers: headers(tokens?.server),
        ...(payload !== undefined ? { payload } : {}),
      });
      const request = new Request(`http://demo.localhost${url}`, {
        method: endpoint.method,
        headers: headers(tokens?.demo),
        ...(payload !== undefined ? { body: payload } : {}),
      });
      const d = await demo.respond(call.name, request, call.params ?? {});
      return {
        server: { status: res.statusCode, body: res.body === '' ? null : res.json() },
        demo: { status: d.status, body: d.body },
      };
    },
    setNow(iso) {
      server.clock.set(iso);
    },
    close: () => server.close(),
  };
  return both;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A body with what differs by nature between two databases replaced by placeholders: ids
 * (uuids) by their order of first appearance, and the fields named (tokens, generated
 * numbers). Everything else must be equal.
 */
export function normalize(body: unknown, fields: readonly string[] = ['token']): unknown {
  const ids = new Map<string, string>();
  const walk = (value: unknown, key?: string): unknown => {
    if (key !== undefined && fields.includes(key) && value !== null && value !== undefined) return `<${key}>`;
    if (typeof value === 'string' && UUID.test(value)) {
      if (!ids.has(value)) ids.set(value, `<id ${ids.size + 1}>`);
      return ids.get(value);
    }
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return walk(body);
}

/** A sign-in per persona and operator, made on first use and shared by a file's tests. */
export function signedInOnce<T>(signIn: (persona: Persona, operator: OperatorId) => Promise<T>) {
  const made = new Map<string, Promise<T>>();
  return (persona: Persona, operator: OperatorId): Promise<T> => {
    const key = `${persona}@${operator}`;
    let tokens = made.get(key);
    if (!tokens) {
      tokens = signIn(persona, operator);
      made.set(key, tokens);
    }
    return tokens;
  };
}
