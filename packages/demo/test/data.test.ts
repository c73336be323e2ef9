// The demo's tables after seedDemo against the server's database after its seed, at the
// same clock: the same rows, table by table and operator by operator (ADR 024).
import type { OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@portal/db-schema';
import { startApp, type TestApp } from '@portal/server/test/support/harness.ts';
import { DEMO_PASSWORD_HASH, seedDemo } from '../src/data/seed.ts';
import { PERSONAS } from '@portal/demo-data';
import { createDemo } from '../src/demo.ts';
import type { DemoTables, TableName } from '../src/store.ts';
import { emptyTables } from '../src/store.ts';

type AnyRow = Record<string, unknown>;

/** Everything the server's database holds in the tables the demo has. */
async function serverTables(app: TestApp): Promise<DemoTables> {
  const out = emptyTables() as unknown as Record<TableName, AnyRow[]>;
  for (const name of Object.keys(out) as TableName[]) {
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test reads every table by name; nothing is bundled
    out[name] = (await app.db.select().from(t[name])) as AnyRow[];
  }
  return out as unknown as DemoTables;
}

/** The operator a row belongs to, through whatever it refers to. */
function operatorOf(tables: DemoTables, row: AnyRow): OperatorId {
  const find = <K extends TableName>(name: K, id: unknown) =>
    (tables[name] as AnyRow[]).find((r) => r.id === id) ?? fail(`${name} ${String(id)} not found`);
  if (typeof row.operatorId === 'string') return row.operatorId as OperatorId;
  if (row.memberId) return operatorOf(tables, find('members', row.memberId));
  if (row.membershipId) return operatorOf(tables, find('memberships', row.membershipId));
  if (row.locationId) return operatorOf(tables, find('locations', row.locationId));
  if (row.invoiceId) return operatorOf(tables, find('invoices', row.invoiceId));
  return fail(`no operator for ${JSON.stringify(row)}`);
}

function fail(message: string): never {
  throw new Error(message);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value as JSON with sorted keys (jsonb comes back in its own key order), instants as ISO. */
function canonical(value: unknown, label: (id: string) => string): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'string' && UUID.test(value)) return JSON.stringify(label(value));
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, label)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, label)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What differs by nature: the password hash, and an invoice number made of the invoice's id. */
function masked(row: AnyRow): AnyRow {
  const out = { ...row };
  if ('passwordHash' in out) out.passwordHash = '<hash>';
  if (typeof out.invoiceNumber === 'string' && typeof out.id === 'string')
    out.invoiceNumber = out.invoiceNumber.replace(out.id.slice(0, 8).toUpperCase(), '<id>');
  return out;
}

/** Tables in the order their ids are first named (members before what refers to them). */
const ORDER: TableName[] = [
  'locations',
  'products',
  'referralPromotions',
  'members',
  'memberships',
  'keys',
  'freezePeriods',
  'paymentMethods',
  'clubClosures',
  'ptPackages',
  'ptTrainers',
  'invoices',
  'invoiceLines',
  'payments',
  'ptPurchases',
  'ptBookings',
  'events',
  'checkIns',
  'highlights',
  'articles',
  'chipOrders',
  'phoneVerifications',
  'refunds',
  'cardCheckouts',
  'cancellationDeclarations',
  'passwordResetTokens',
];

/**
 * Every table as sorted lines of canonical JSON, ids replaced by labels given in a
 * deterministic order: within a table, rows sort by their content with the ids known so
 * far labelled (and new ones blank), then their new ids are labelled in that order. Two
 * databases with the same rows under other ids give the same lines.
 */
function normalizedTables(tables: DemoTables): Record<TableName, string[]> {
  const labels = new Map<string, string>();
  const known = (id: string) => labels.get(id) ?? '?';
  const out = {} as Record<TableName, string[]>;
  for (const name of ORDER) {
    const rows = (tables[name] as AnyRow[]).map(masked);
    const sorted = rows
      .map((row) => ({ row, key: canonical(row, known) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    out[name] = sorted.map(({ row }) =>
      canonical(row, (id) => {
        if (!labels.has(id)) labels.set(id, `<${name} ${labels.size + 1}>`);
        return labels.get(id)!;
      }),
    );
  }
  return out;
}

const countsByOperator = (tables: DemoTables, name: TableName) => {
  const counts = Object.fromEntries(operatorIds.map((op) => [op, 0])) as Record<OperatorId, number>;
  for (const row of tables[name] as AnyRow[]) counts[operatorOf(tables, row)] += 1;
  return counts;
};

// A late-November morning (the server tests' clock) and a winter night shortly before
// midnight UTC, when Helsinki is already on the next day and the year has just begun.
describe.each(['2026-11-22T10:00:00Z', '2027-01-31T22:30:00Z'])('the demo data at %s', (now) => {
  let server: TestApp;
  let serverRows: DemoTables;
  let demoRows: DemoTables;

  beforeAll(async () => {
    server = await startApp('pglite', { now });
    serverRows = await serverTables(server);
    demoRows = createDemo({ now: () => new Date(now), seed: seedDemo }).store.tables;
  });
  afterAll(() => server?.close());

  it.each(ORDER)('%s: as many rows per operator as the server seeds', (name) => {
    expect(countsByOperator(demoRows, name)).toEqual(countsByOperator(serverRows, name));
  });

  it('seeds every persona of every operator, with their invoices, keys and check-ins', () => {
    // Guards against both sides agreeing on nothing: the counts above compare real data.
    for (const op of operatorIds) {
      expect(countsByOperator(demoRows, 'members')[op]).toBe(PERSONAS.length);
      expect(countsByOperator(demoRows, 'invoices')[op]).toBeGreaterThan(100);
      expect(countsByOperator(demoRows, 'checkIns')[op]).toBeGreaterThan(500);
    }
  });

  it('holds the same rows field by field, ids aside', () => {
    const demo = normalizedTables(demoRows);
    const server = normalizedTables(serverRows);
    for (const name of ORDER) expect({ [name]: demo[name] }).toEqual({ [name]: server[name] });
  });

  it('stores no password hash: the demo checks the demo password itself', () => {
    expect(new Set(demoRows.members.map((m) => m.passwordHash))).toEqual(new Set([DEMO_PASSWORD_HASH]));
  });
});
