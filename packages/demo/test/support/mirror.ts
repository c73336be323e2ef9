// The server and a demo over the very same rows: the real server on PGlite (seeded at a
// fixed clock), and a demo store filled with a copy of every one of its tables, so a call
// answered on both sides compares field by field (ids included), and so do the rows it
// wrote and the e-mails it sent. (both.ts is the other setting: each side with its own seed.)
import { type EndpointName, endpoints, type OperatorId } from '@portal/contract';
import { desc, gt } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '@portal/db-schema';
import { startApp, type TestApp } from '@portal/server/test/support/harness.ts';
import { DEMO_PASSWORD, demoUsername, type Persona } from '@portal/demo-data';
import { createDemo, type Demo } from '../../src/demo.ts';
import { type DemoStore, type DemoTables, emptyTables, type TableName } from '../../src/store.ts';
import { type Answer, pathOf } from './both.ts';

export type { Answer } from './both.ts';

export interface Call {
  name: EndpointName;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /**
   * What the demo gets instead, where the sides must differ: the id of a row each side
   * made itself, its own origin, its own card return.
   */
  demo?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
}

export interface Tokens {
  server: string;
  demo: string;
  memberId: string;
}

/** The demo's own origin in Node (in the browser: the page's). */
export const DEMO_ORIGIN = 'http://demo.localhost';

// Every table of the schema by its name, the demo's table names (a test reads them all).
const schemaTables: Record<string, PgTable> = { ...schema };

const selectAll = <T extends TableName>(server: TestApp, name: T): Promise<DemoTables[T]> =>
  server.db.select().from(schemaTables[name]!) as unknown as Promise<DemoTables[T]>;

async function copyTables(server: TestApp): Promise<DemoTables> {
  const tables = emptyTables();
  for (const name of Object.keys(tables) as TableName[])
    (tables as Record<TableName, unknown>)[name] = await selectAll(server, name);
  return tables;
}

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
    /** The server's rows of a table now (to compare with the demo's). */
    serverRows: <T extends TableName>(table: T) => selectAll(server, table),
    /** Signs in on the server; on the demo the session is made directly, as its sign-in would store one. */
    async signIn(persona: Persona, operator: OperatorId): Promise<Tokens> {
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
      const token = `demo-${crypto.randomUUID()}`;
      demo.store.sessions.set(token, { memberId: member.id, operatorId: operator, id: crypto.randomUUID() });
      return { server: (res.json() as { token: string }).token, demo: token, memberId: member.id };
    },
    async call(
      call: Call,
      tokens?: Pick<Tokens, 'server' | 'demo'>,
    ): Promise<{ server: Answer; demo: Answer }> {
      const endpoint = endpoints[call.name];
      const headers = (token: string | undefined, body: unknown): Record<string, string> => ({
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      });
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
      const res = await server.app.inject({
        method: endpoint.method,
        url: pathOf(call),
        headers: headers(tokens?.server, call.body),
        // Each call from its own address: the per-address limit is the server's alone.
        remoteAddress: `10.0.${Math.floor(++address / 250)}.${address % 250}`,
        ...(payload !== undefined ? { payload } : {}),
      });
      const demoCall = { ...call, ...call.demo };
      const demoBody = demoCall.body === undefined ? undefined : JSON.stringify(demoCall.body);
      const d = await demo.respond(
        call.name,
        new Request(`${DEMO_ORIGIN}${pathOf(demoCall)}`, {
          method: endpoint.method,
          headers: headers(tokens?.demo, demoCall.body),
          ...(demoBody !== undefined ? { body: demoBody } : {}),
        }),
        demoCall.params ?? {},
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
      const message = (m: { channel: string; to: string; subject: string | null; body: string }) => ({
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        body: m.body,
      });
      return { server: rows.map(message), demo: demo.store.outbox.map(message) };
    },
    close: () => server.close(),
  };
}

export type Mirror = Awaited<ReturnType<typeof startMirror>>;

// A declaration's reference (DE-7K2M-Q9XA) and a scheduled invoice's number (DE-2026-1A2B3C4D): random.
const RANDOM = [/\b[A-Z]{2}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/g, /\b[A-Z]{2}-\d{4}-[0-9A-F]{8}\b/g];

/**
 * A value with what differs by nature between the two sides replaced: uuids (also inside
 * text, such as a link) by their order of first appearance, with keys read in sorted order
 * (jsonb reorders them); references and invoice numbers by a placeholder; the fields named
 * by `<name>`.
 */
export function normalize(value: unknown, fields: readonly string[] = []): unknown {
  const ids = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const masked = v.replace(MASK, (id) => {
        if (!ids.has(id)) ids.set(id, `<id ${ids.size + 1}>`);
        return ids.get(id)!;
      });
      return RANDOM.reduce((s, re) => s.replace(re, '<random>'), masked);
    }
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, x]) => [k, fields.includes(k) ? `<${k}>` : walk(x)]),
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
