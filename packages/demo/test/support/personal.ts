// Helpers of the personal-data and access comparison tests (profile, account, access).
import type { OperatorId } from '@portal/contract';
import { desc } from 'drizzle-orm';
import * as schema from '@portal/db-schema';
import { demoUsername, type Persona } from '@portal/demo-data';
import { expect } from 'vitest';
import type { Both, Call, Tokens } from './both.ts';
import { normalize } from './both.ts';

/**
 * Objects with their keys sorted, all the way down: PostgreSQL's jsonb reorders keys (by
 * length, then bytes), the demo keeps them as written, and normalize numbers ids by order of
 * appearance, so both must be read in one order.
 */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** One member's ids on each side (the two databases give their rows their own ids). */
export interface SideIds {
  server: { memberId: string; membershipId: string };
  demo: { memberId: string; membershipId: string };
}

/**
 * Signs the persona in on both sides, with the ids of its member and membership on each.
 */
export async function signInBoth(both: Both, persona: Persona, operator: OperatorId) {
  const row = demoMember(both, persona, operator);
  const tokens = await both.signIn(persona, operator);
  const username = demoUsername(persona, operator);
  const serverMember = (await both.server.db.select().from(schema.members)).find(
    (m) => m.operatorId === operator && m.username === username,
  )!;
  const serverMembership = (await both.server.db.select().from(schema.memberships)).find(
    (m) => m.memberId === serverMember.id,
  )!;
  const demoMembership = both.demo.store.tables.memberships.find((m) => m.memberId === row.id)!;
  const ids: SideIds = {
    server: { memberId: serverMember.id, membershipId: serverMembership.id },
    demo: { memberId: row.id, membershipId: demoMembership.id },
  };
  return { tokens, row, ids };
}

/** The persona's members row in the demo (the server's holds the same values). */
export function demoMember(both: Both, persona: Persona, operator: OperatorId) {
  const username = demoUsername(persona, operator);
  const row = both.demo.store.tables.members.find(
    (m) => m.operatorId === operator && m.username === username,
  );
  if (!row) throw new Error(`no demo member ${username}`);
  return row;
}

/** The profile form as the portal sends it, from a members row, with changes. */
export function profileBody(
  row: ReturnType<typeof demoMember>,
  change: { email?: string; street?: string; prefix?: string; number?: string; code?: string } = {},
) {
  return {
    email: change.email ?? row.email,
    address: {
      street: change.street ?? row.street,
      postal_code: row.postalCode,
      postal_location: row.postalLocation,
      country: row.country,
    },
    mobile: { prefix: change.prefix ?? row.mobilePrefix, number: change.number ?? row.mobileNumber },
    ...(change.code ? { verification_code: change.code } : {}),
  };
}

interface Message {
  channel: string;
  to: string;
  subject: string | null;
  body: string;
}

/** Where both outboxes stand, to read what a call adds. */
export async function outboxMark(both: Both) {
  const [last] = await both.server.db
    .select({ id: schema.outbox.id })
    .from(schema.outbox)
    .orderBy(desc(schema.outbox.id))
    .limit(1);
  return { server: last?.id ?? 0, demo: both.demo.store.outbox.length };
}

/** The messages each side wrote since `mark`, in order (codes and PINs differ by nature: masked). */
export async function messagesSince(both: Both, mark: { server: number; demo: number }) {
  const mask = (m: Message) => ({ ...m, body: m.body.replace(/\b\d{6,7}\b/g, '<code>') });
  const server = (await both.server.db.select().from(schema.outbox).orderBy(schema.outbox.id))
    .filter((m) => m.id > mark.server)
    .map(({ channel, to, subject, body }) => mask({ channel, to, subject, body }));
  const demo = both.demo.store.outbox
    .slice(mark.demo)
    .map(({ channel, to, subject, body }) => mask({ channel, to, subject, body }));
  return { server, demo };
}

/** The newest SMS code each side sent to `to`. */
export async function lastCodes(both: Both, to: string) {
  const rows = await both.server.db.select().from(schema.outbox).orderBy(desc(schema.outbox.id));
  const code = (body: string | undefined) => /\b(\d{6})\b/.exec(body ?? '')?.[1];
  return {
    server: code(rows.find((m) => m.to === to)?.body),
    demo: code(both.demo.store.outbox.findLast((m) => m.to === to)?.body),
  };
}

/** The member's events on each side (action, status, details), in the order written, normalised. */
export async function eventsOf(both: Both, ids: SideIds) {
  const pick = (e: { action: string; status: string; details: unknown }) => ({
    action: e.action,
    status: e.status,
    details: e.details,
  });
  const server = (await both.server.db.select().from(schema.events))
    .filter((e) => e.memberId === ids.server.memberId)
    .map(pick);
  const demo = both.demo.store.tables.events.filter((e) => e.memberId === ids.demo.memberId).map(pick);
  return { server: normalize(canonical(server)), demo: normalize(canonical(demo)) };
}

/** A table's rows of one member or membership on each side, normalised (PIN codes and invoice numbers masked). */
export async function rowsOf(
  both: Both,
  table: 'keys' | 'chipOrders' | 'invoices' | 'invoiceLines' | 'members',
  ids: SideIds,
  match: (row: Record<string, unknown>, own: SideIds['server']) => boolean,
) {
  // Instants as text; a stable order (an updated row moves in the database's heap).
  const plain = (r: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
  const key = (r: Record<string, unknown>) =>
    JSON.stringify([r.validFrom, r.invoiceDate, r.type, r.origin, r.status, r.type === 'pin' ? '' : r.code]);
  const mask = (rows: Record<string, unknown>[]) =>
    normalize(
      rows
        .map(plain)
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
        .map((r) => (r.type === 'pin' ? { ...r, code: '<pin>' } : r)),
      ['invoiceNumber', 'createdAt'],
    );
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test helper reads any table by name; nothing here is bundled
  const source = schema[table] as unknown as typeof schema.keys;
  const server = (await both.server.db.select().from(source)) as Record<string, unknown>[];
  const demo = both.demo.store.tables[table] as unknown as Record<string, unknown>[];
  return {
    server: mask(server.filter((r) => match(r, ids.server))),
    demo: mask(demo.filter((r) => match(r, ids.demo))),
  };
}

/** GET /v2/membership on both sides, normalised (a PIN's random code masked): what the portal shows after a write. */
export async function membershipOn(both: Both, tokens: Tokens) {
  const { server, demo } = await both.call({ name: 'membership' }, tokens);
  const pins = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(pins);
    if (value && typeof value === 'object') {
      const entries = Object.entries(value).map(([k, v]) => [k, pins(v)]);
      const row = Object.fromEntries(entries) as Record<string, unknown>;
      return row.type === 'pin' && typeof row.code === 'string' ? { ...row, code: '<pin>' } : row;
    }
    return value;
  };
  const shown = (a: { status: number; body: unknown }) => ({
    status: a.status,
    body: pins(normalize(a.body)),
  });
  return { server: shown(server), demo: shown(demo) };
}

/**
 * One call on both sides: equal status and body (as `body` reads it), the same messages sent
 * and, given the member's ids, the same events and the same membership shown afterwards.
 */
export async function sameOnBoth(
  both: Both,
  call: Call,
  tokens: Tokens,
  { ids, body = (value) => normalize(value) }: { ids?: SideIds; body?: (value: unknown) => unknown } = {},
) {
  const mark = await outboxMark(both);
  const { server, demo } = await both.call(call, tokens);
  expect(demo.status, JSON.stringify(server.body)).toBe(server.status);
  expect(body(demo.body)).toEqual(body(server.body));
  const messages = await messagesSince(both, mark);
  expect(messages.demo).toEqual(messages.server);
  if (ids) {
    const events = await eventsOf(both, ids);
    expect(events.demo).toEqual(events.server);
    const shown = await membershipOn(both, tokens);
    expect(shown.demo).toEqual(shown.server);
  }
  return { server, demo };
}
