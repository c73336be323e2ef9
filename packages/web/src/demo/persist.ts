import type { DemoStore, DemoTables } from '@portal/demo';

/** What of a demo store outlives a reload of the tab: every table, the sessions, the messages. */
type Saved = Pick<DemoStore, 'tables' | 'sessions' | 'outbox'>;
type Session = DemoStore['sessions'] extends Map<string, infer S> ? S : never;
type Row = Record<string, unknown>;

/** A table by columns: its keys once, then each row's values in their order. */
interface Packed {
  columns: string[];
  rows: unknown[][];
}

const DATE = '$date';

function pack(rows: readonly Row[]): Packed {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return { columns, rows: rows.map((row) => columns.map((column) => row[column])) };
}

function unpack({ columns, rows }: Packed): Row[] {
  return rows.map((values) => Object.fromEntries(columns.map((column, i) => [column, values[i]])));
}

/**
 * The store as JSON, small enough for sessionStorage (~5 M characters in browsers; the
 * demo data is about 1.5 M packed, twice that as plain rows): each table by columns.
 * Dates are tagged rather than left as ISO strings, so reviving cannot mistake a text that
 * merely looks like a timestamp for one; an undefined value (absent) stays absent.
 */
export function serializeStore(store: Saved): string {
  const tables = Object.fromEntries(
    Object.entries(store.tables).map(([name, rows]) => [name, pack(rows as Row[])]),
  );
  const saved = { tables, sessions: [...store.sessions], outbox: store.outbox };
  return JSON.stringify(saved, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { [DATE]: raw.toISOString() } : value;
  });
}

/** The saved store back, with its Dates and the sessions' Map; null for anything unreadable. */
export function reviveStore(text: string): Saved | null {
  try {
    const parsed = JSON.parse(text, (_key, value: unknown) =>
      value !== null && typeof value === 'object' && DATE in value && Object.keys(value).length === 1
        ? new Date((value as Record<string, string>)[DATE] as string)
        : value,
    ) as { tables: Record<string, Packed>; sessions: [string, Session][]; outbox: Saved['outbox'] };
    if (!parsed.tables || !Array.isArray(parsed.sessions) || !Array.isArray(parsed.outbox)) return null;
    const tables = Object.fromEntries(
      Object.entries(parsed.tables).map(([name, packed]) => [name, unpack(packed)]),
    ) as unknown as DemoTables;
    return { tables, sessions: new Map(parsed.sessions), outbox: parsed.outbox };
  } catch {
    return null;
  }
}
