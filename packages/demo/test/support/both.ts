// STAND-IN until D1's both.ts lands on main (then main's version replaces this file): the
// same interface, but the demo's tables are copied from the seeded server database
// (identical rows) and a demo session is made directly, as the demo has no sign-in
// handler yet. The comparison tests are written against this interface only.
import { type EndpointName, endpoints, type OperatorId } from '@portal/contract';
import * as schema from '../../../server/src/db/schema.ts';
import { startApp, type TestApp } from '../../../server/test/support/harness.ts';
import { demoUsername, type Persona } from '../../src/data/seed-data.ts';
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
  headers?: Record<string, string>;
}

export interface Tokens {
  server: string | null;
  demo: string | null;
}

export interface Both {
  server: TestApp;
  demo: Demo;
  signIn(persona: Persona, operator: OperatorId): Promise<Tokens>;
  call(call: Call, tokens?: Tokens): Promise<{ server: Answer; demo: Answer }>;
  setNow(iso: string): void;
  close(): Promise<void>;
}

function pathOf(call: Call): string {
  const path = endpoints[call.name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(call.params?.[key] ?? ''),
  );
  const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
  return `/api${path}${query}`;
}

async function copyTables(server: TestApp): Promise<DemoTables> {
  const tables = emptyTables();
  for (const name of Object.keys(tables) as (keyof DemoTables)[]) {
    const rows = await server.db.select().from(schema[name]);
    (tables as unknown as Record<string, unknown[]>)[name] = rows;
  }
  return tables;
}

export async function startBoth(now = '2026-11-22T10:00:00Z'): Promise<Both> {
  const server = await startApp('pglite', { now });
  const seeded = await copyTables(server);
  const demo = createDemo({
    now: () => server.clock.now(),
    seed: (store) => {
      store.tables = structuredClone(seeded);
    },
  });
  const both: Both = {
    server,
    demo,
    async signIn(persona, operator) {
      const token = await server.signIn(persona, operator);
      const username = demoUsername(persona, operator);
      const member = (await server.db.select().from(schema.members)).find(
        (m) => m.operatorId === operator && m.username === username,
      )!;
      const sessions = await server.db.select().from(schema.sessions);
      const newest = sessions.filter((x) => x.memberId === member.id).at(-1)!;
      const demoToken = crypto.randomUUID().replaceAll('-', '');
      demo.store.sessions.set(demoToken, {
        memberId: newest.memberId,
        operatorId: operator,
        createdAt: newest.createdAt,
        expiresAt: newest.expiresAt,
      });
      return { server: token, demo: demoToken };
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
