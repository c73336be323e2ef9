import type { EndpointName } from '@portal/contract';
import { type DemoAnswer, respond } from './respond.ts';
import { type DemoStore, emptyTables } from './store.ts';

export interface DemoOptions {
  /** The demo's clock; the real time by default. Tests fix it, as PORTAL_CLOCK does on the server. */
  now?: () => Date;
  /** Fills a new store (the demo data relative to the clock's today). */
  seed?: (store: DemoStore) => void;
}

/** One browser tab's demo API: the store and the calls answered from it, with a reset. */
export interface Demo {
  readonly store: DemoStore;
  respond(name: EndpointName, request: Request, params?: Record<string, string>): Promise<DemoAnswer>;
  /** Back to the demo data as it was at the start (every change, session and message gone). */
  reset(): void;
}

export function createDemo(options: DemoOptions = {}): Demo {
  const now = options.now ?? (() => new Date());
  const fresh = (): DemoStore => {
    const store: DemoStore = { tables: emptyTables(), sessions: new Map(), outbox: [], now };
    options.seed?.(store);
    return store;
  };
  let store = fresh();
  return {
    get store() {
      return store;
    },
    respond: (name, request, params) => respond(store, name, request, params),
    reset() {
      store = fresh();
    },
  };
}
