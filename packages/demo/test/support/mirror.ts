// The server and a demo over the very same rows: the real server on PGlite (seeded at a
// fixed clock), and a demo store filled with a copy of every one of its tables, so a call
// answered on both sides compares field by field (ids included). Until the demo has its
// own seed and sign-in (helper D1), this is how the payments handlers meet the server.
import { type EndpointName, endpoints, type OperatorId } from '@portal/contract';
import * as schema from '../../../server/src/db/schema.ts';
import { startApp, type TestApp } from '../../../server/test/support/harness.ts';
import { DEMO_PASSWORD, demoUsername, type Persona } from '../../src/data/seed-data.ts';
import { createDemo, type Demo } from '../../src/demo.ts';
import { type DemoTables, emptyTables } from '../../src/store.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export interface Call {
  name: EndpointName;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** What the demo gets instead, where the sides must differ (its own origin, its own card return). */
  demo?: { query?: Record<string, string>; body?: unknown };
}

export interface Tokens {
  server: string;
  demo: string;
  memberId: string;
}

export interface Mirror {
  server: TestApp;
  demo: Demo;
  signIn(persona: Persona, operator: OperatorId): Promise<Tokens>;
  call(call: Call, tokens: Tokens): Promise<{ server: Answer; demo: Answer }>;
  /** The server's rows of a table now (to compare with the demo's). */
  serverRows<T extends keyof DemoTables>(table: T): Promise<DemoTables[T]>;
  close(): Promise<void>;
}

/** The demo's own origin in Node (in the browser: the page's). */
export const DEMO_ORIGIN = 'http://demo.localhost';

function pathOf(call: Call): string {
  const path = endpoints[call.name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(call.params?.[key] ?? ''),
  );
  const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
  return `/api${path}${query}`;
}

export async function startMirror(now = '2026-11-22T10:00:00Z'): Promise<Mirror> {
  const server = await startApp('pglite', { now });
  const read = async <T extends keyof DemoTables>(table: T) =>
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: every table by its name, in a test
    (await server.db.select().from(schema[table] as never)) as DemoTables[T];
  const tables = emptyTables();
  for (const name of Object.keys(tables) as (keyof DemoTables)[]) {
    (tables as unknown as Record<string, unknown>)[name] = await read(name);
  }
  const demo = createDemo({
    now: () => server.clock.now(),
    seed: (store) => {
      store.tables = structuredClone(tables);
    },
  });
  const mirror: Mirror = {
    server,
    demo,
    serverRows: read,
    async signIn(persona, operator) {
      const username = demoUsername(persona, operator);
      const res = await server.app.inject({
        method: 'POST',
        url: `/api${endpoints.authenticate.path}`,
        payload: { username, password: DEMO_PASSWORD, operator_id: operator },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${username}: ${res.statusCode} ${res.body}`);
      const member = demo.store.tables.members.find(
        (m) => m.username === username && m.operatorId === operator,
      );
      if (!member) throw new Error(`no demo member ${username}`);
      // The demo's own sign-in is helper D1's handler: a session as it would store one.
      const token = `demo-${crypto.randomUUID()}`;
      demo.store.sessions.set(token, { memberId: member.id, operatorId: operator });
      return { server: (res.json() as { token: string }).token, demo: token, memberId: member.id };
    },
    async call(call, tokens) {
      const endpoint = endpoints[call.name];
      const url = pathOf(call);
      const headers = (token: string): Record<string, string> => ({
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        authorization: `Bearer ${token}`,
      });
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
      const res = await server.app.inject({
        method: endpoint.method,
        url,
        headers: headers(tokens.server),
        ...(payload !== undefined ? { payload } : {}),
      });
      const demoCall = { ...call, ...call.demo };
      const demoBody = demoCall.body === undefined ? undefined : JSON.stringify(demoCall.body);
      const request = new Request(`${DEMO_ORIGIN}${pathOf(demoCall)}`, {
        method: endpoint.method,
        headers: headers(tokens.demo),
        ...(demoBody !== undefined ? { body: demoBody } : {}),
      });
      const d = await demo.respond(call.name, request, call.params ?? {});
      return {
        server: { status: res.statusCode, body: res.body === '' ? null : res.json() },
        demo: { status: d.status, body: d.body },
      };
    },
    close: () => server.close(),
  };
  return mirror;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * Ids the two sides made on their own (new rows), numbered by order of appearance, and
 * named fields blanked, so answers that differ only there compare equal.
 */
export function normalize(value: unknown, fields: readonly string[] = []): unknown {
  const seen = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      return v.replace(UUID, (id) => {
        if (!seen.has(id)) seen.set(id, `<id${seen.size + 1}>`);
        return seen.get(id)!;
      });
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v instanceof Date) return v.toISOString();
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, fields.includes(k) ? `<${k}>` : walk(x)]),
      );
    }
    return v;
  };
  return walk(value);
}
