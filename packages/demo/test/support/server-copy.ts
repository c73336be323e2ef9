// Until @portal/demo's own seed (seedDemo) is on this branch: the demo's store filled with
// a copy of the real server's seeded tables, so the home handlers are compared with the
// server on the very same rows. The API mirrors test/support/both.ts (startBoth), so a
// test moves to the shared seed by changing its import.
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

async function copyTables(server: TestApp): Promise<DemoTables> {
  const tables = emptyTables();
  for (const name of Object.keys(tables) as (keyof DemoTables)[]) {
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test copies every table by name
    const table = schema[name];
    // biome-ignore lint/suspicious/noExplicitAny: one loop over every table's rows
    (tables as any)[name] = await server.db.select().from(table);
  }
  return tables;
}

function pathOf(call: Call): string {
  const path = endpoints[call.name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(call.params?.[key] ?? ''),
  );
  return `/api${path}${call.query ? `?${new URLSearchParams(call.query)}` : ''}`;
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
      const member = demo.store.tables.members.find(
        (m) => m.operatorId === operator && m.username === demoUsername(persona, operator),
      );
      if (!member) throw new Error(`no ${persona} at ${operator}`);
      const demoToken = crypto.randomUUID();
      demo.store.sessions.set(demoToken, { memberId: member.id, operatorId: operator });
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

/** A body with ids (uuids) replaced by their order of first appearance and the named fields by placeholders. */
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
