import type { DemoStore } from '@portal/demo';

/** What of a demo store outlives a reload of the tab: every table, the sessions, the messages. */
type Saved = Pick<DemoStore, 'tables' | 'sessions' | 'outbox'>;
type Session = DemoStore['sessions'] extends Map<string, infer S> ? S : never;

const DATE = '$date';

/**
 * The store as JSON. Dates are tagged rather than left as ISO strings, so reviving them
 * cannot mistake a text that merely looks like a timestamp for one; the sessions' Map
 * becomes its entries.
 */
export function serializeStore(store: Saved): string {
  const saved = { tables: store.tables, sessions: [...store.sessions], outbox: store.outbox };
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
    ) as { tables: Saved['tables']; sessions: [string, Session][]; outbox: Saved['outbox'] };
    if (!parsed.tables || !Array.isArray(parsed.sessions) || !Array.isArray(parsed.outbox)) return null;
    return { tables: parsed.tables, sessions: new Map(parsed.sessions), outbox: parsed.outbox };
  } catch {
    return null;
  }
}
