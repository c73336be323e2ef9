// The lifecycle comparison's setting: the real server on PGlite, seeded, and a demo whose
// tables are a copy of that database, so both start from the very same rows (ids
// included) and every row a call writes (and every e-mail) can be compared, not only the
// answers. (test/support/mirror.ts is the payments tests' setting of the same idea.)
import { type EndpointName, endpoints, type OperatorId } from '@portal/contract';
import { desc, gt } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../../server/src/db/schema.ts';
import { startApp, type TestApp } from '../../../server/test/support/harness.ts';
import { demoUsername, type Persona } from '../../src/data/seed-data.ts';
import { createDemo, type Demo } from '../../src/demo.ts';
import { type DemoStore, type DemoTables, emptyTables, type TableName } from '../../src/store.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export interface Call {
  name: EndpointName;
  params?: Record<string, string>;
  /** The demo's params where they differ (the id of a row each side made itself). */
  demoParams?: Record<string, string>;
  body?: unknown;
}

export interface Tokens {
  server: string;
  demo: string;
}

// Every table of the schema by its name, the demo's table names (a test reads them all).
const schemaTables: Record<string, PgTable> = { ...schema };

// biome-ignore lint/suspicious/noExplicitAny: rows of any table
const selectAll = (server: TestApp, name: TableName): Promise<any[]> =>
  server.db.select().from(schemaTables[name]!);

async function copyTables(server: TestApp): Promise<DemoTables> {
  const tables = emptyTables();
  for (const name of Object.keys(tables) as TableName[]) tables[name] = await selectAll(server, name);
  return tables;
}

const pathOf = (name: EndpointName, params: Record<string, string> = {}) =>
  `/api${endpoints[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''))}`;

let address = 0;

const MASK = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export async function startMirror(now = '2026-11-22T10:00:00Z') {
  const server = await startApp('pglite', {
    now,
    // The demo has no per-address limit and no minimum answer time (see its handler);
    // here they would only slow the comparison down and stop it after five declarations.
    config: {
      publicCancellation: { perIpPerHour: 1000, perIdentityPerDay: 3, minResponseMs: 0, ipHashKey: 'test' },
    },
  });
  const seeded = await copyTables(server);
  const [lastMail] = await server.db
    .select({ id: schema.outbox.id })
    .from(schema.outbox)
    .orderBy(desc(schema.outbox.id))
    .limit(1);
  const mailsFrom = lastMail?.id ?? 0;
  const seededIds = new Set(JSON.stringify(seeded).match(MASK) ?? []);
  const demo: Demo = createDemo({
    now: () => server.clock.now(),
    seed: (store) => {
      store.tables = structuredClone(seeded);
    },
  });

  return {
    server,
    demo,
    get store(): DemoStore {
      return demo.store;
    },
    /** Signs in on the server; on the demo the session is made directly (the sign-in is D1's). */
    async signIn(persona: Persona, operator: OperatorId): Promise<Tokens> {
      const serverToken = await server.signIn(persona, operator);
      const member = demo.store.tables.members.find((m) => m.email === demoUsername(persona, operator));
      if (!member) throw new Error(`no demo member ${persona}@${operator}`);
      const token = crypto.randomUUID();
      demo.store.sessions.set(token, { memberId: member.id, operatorId: operator });
      return { server: serverToken, demo: token };
    },
    async call(call: Call, tokens?: Tokens): Promise<{ server: Answer; demo: Answer }> {
      const endpoint = endpoints[call.name];
      const url = pathOf(call.name, call.params);
      const demoParams = call.demoParams ?? call.params ?? {};
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
      const headers = (token: string | undefined): Record<string, string> => ({
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      });
      const res = await server.app.inject({
        method: endpoint.method,
        url,
        headers: headers(tokens?.server),
        // Each call from its own address: the per-address limit is the server's alone.
        remoteAddress: `10.0.${Math.floor(++address / 250)}.${address % 250}`,
        ...(payload !== undefined ? { payload } : {}),
      });
      const d = await demo.respond(
        call.name,
        new Request(`http://demo.localhost${pathOf(call.name, demoParams)}`, {
          method: endpoint.method,
          headers: headers(tokens?.demo),
          ...(payload !== undefined ? { body: payload } : {}),
        }),
        demoParams,
      );
      return {
        server: { status: res.statusCode, body: res.body === '' ? null : res.json() },
        demo: { status: d.status, body: d.body },
      };
    },
    /**
     * The rows of some tables on both sides, each in an order both share (by content, the
     * ids the call made masked), normalised: equal when the demo wrote what the server did.
     */
    async tables(names: TableName[], omit: readonly string[] = []) {
      const serverRows: Record<string, unknown[]> = {};
      const demoRows: Record<string, unknown[]> = {};
      for (const name of names) {
        serverRows[name] = comparableRows(await selectAll(server, name), seededIds, omit);
        demoRows[name] = comparableRows(demo.store.tables[name], seededIds, omit);
      }
      return { server: normalize(serverRows, omit), demo: normalize(demoRows, omit) };
    },
    /** The e-mails each side sent since the start: to, subject and text. */
    async mails() {
      const rows = await server.db
        .select()
        .from(schema.outbox)
        .where(gt(schema.outbox.id, mailsFrom))
        .orderBy(schema.outbox.id);
      return {
        server: rows.map((r) => ({ channel: r.channel, to: r.to, subject: r.subject, body: r.body })),
        demo: demo.store.outbox.map((m) => ({
          channel: m.channel,
          to: m.to,
          subject: m.subject,
          body: m.body,
        })),
      };
    },
    close: () => server.close(),
  };
}

export type Mirror = Awaited<ReturnType<typeof startMirror>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A declaration's reference (DE-7K2M-Q9XA) and a scheduled invoice's number (DE-2026-1A2B3C4D): random.
const RANDOM = [/\b[A-Z]{2}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/g, /\b[A-Z]{2}-\d{4}-[0-9A-F]{8}\b/g];

/**
 * A value with what differs by nature between the two sides replaced: uuids by their
 * order of first appearance, references and invoice numbers by a placeholder, and the
 * fields named left out.
 */
export function normalize(value: unknown, omit: readonly string[] = []): unknown {
  const ids = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (UUID.test(v)) {
        if (!ids.has(v)) ids.set(v, `<id ${ids.size + 1}>`);
        return ids.get(v);
      }
      return RANDOM.reduce((s, re) => s.replace(re, '<random>'), v);
    }
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => !omit.includes(k))
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v2]) => [k, walk(v2)]),
      );
    return v;
  };
  return walk(value);
}

/**
 * Rows of one table in an order both sides share (by their content with new ids masked,
 * which are the only thing the two sides do not share), then normalised together.
 */
export function comparableRows(
  rows: readonly unknown[],
  seededIds: ReadonlySet<string>,
  omit: readonly string[],
) {
  const key = (row: unknown) =>
    JSON.stringify(canonical(row, omit)).replace(MASK, (id) => (seededIds.has(id) ? id : '<new>'));
  return [...rows].sort((a, b) => key(a).localeCompare(key(b)));
}

/** A row as a plain value: keys sorted at every depth (jsonb reorders them), dates as text. */
function canonical(value: unknown, omit: readonly string[]): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return RANDOM.reduce((s, re) => s.replace(re, '<random>'), value);
  if (Array.isArray(value)) return value.map((v) => canonical(v, omit));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !omit.includes(k))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v, omit)]),
    );
  return value;
}
