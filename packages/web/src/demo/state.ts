import type { EndpointName, OperatorId } from '@portal/contract';
import { isOperatorId } from '@portal/domain';
import {
  createDemo,
  type Demo,
  type DemoAnswer,
  type DemoMessage,
  sandboxCheckout,
  seedDemo,
} from '@portal/demo';
import { provideCardSandbox } from './card/source.ts';
import { ptSandboxResponse } from './pt/sandbox.ts';
import { reviveStore, serializeStore } from './persist.ts';

/** sessionStorage keys: the demo's world belongs to one tab and outlives its reloads. */
const KEYS = { store: 'portal.demo.store', operator: 'portal.demo.operator' } as const;

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch (error) {
    // Storage full or off: the demo goes on in memory, a reload starts it afresh.
    console.warn('The demo could not keep its state for a reload of this tab:', error);
  }
}

// This tab's state as it was before a reload, else (and after a reset) the demo data the
// server seeds (same generator), relative to today. Made at the first call, not at start:
// seeding takes a second or two, which the sign-in page need not wait for.
const saved = read(KEYS.store);
let revived = saved === null ? null : reviveStore(saved);
let demo: Demo | null = null;

function current(): Demo {
  demo ??= createDemo({
    seed(store) {
      if (revived) Object.assign(store, revived);
      else seedDemo(store);
      revived = null;
    },
  });
  return demo;
}

const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

// Writing the whole store takes a moment (megabytes of JSON): once after a burst of calls,
// and at once when the page goes (a reload, the card provider's page).
let pending: ReturnType<typeof setTimeout> | null = null;

function flush(): void {
  if (pending === null) return;
  clearTimeout(pending);
  pending = null;
  write(KEYS.store, serializeStore(current().store));
}

function persist(): void {
  pending ??= setTimeout(flush, 250);
}

window.addEventListener('pagehide', flush);

/** The two GETs that write: the card form's address opens a checkout (payments). */
const OPENS_CHECKOUT: ReadonlySet<EndpointName> = new Set(['dibsUrl', 'verifoneUrl']);

// The card provider's sandbox page reads the checkout the portal opened from this store.
provideCardSandbox({
  checkout: (provider, checkoutId) => sandboxCheckout(current().store, provider, checkoutId),
  now: () => current().store.now(),
});

/** The API of this tab: every contract call answered from the in-memory store (@portal/demo). */
export const demoApi = {
  async respond(name: EndpointName, request: Request, params?: Record<string, string>): Promise<DemoAnswer> {
    const answer = await current().respond(name, request, params);
    if (OPENS_CHECKOUT.has(name)) {
      // The card form's address opens a checkout: the provider's page (another load of the
      // app, in the tab or dibs' frame) must find it in the saved state at once.
      persist();
      flush();
    } else if (request.method !== 'GET') {
      // Any other GET changes nothing; anything else may have (rows, sessions, messages).
      persist();
      changed();
    }
    return answer;
  },

  /** The PT provider's widget script and API (pt/), answered from this tab's store. */
  async ptSandbox(request: Request): Promise<Response> {
    const response = await ptSandboxResponse(current().store, request);
    // A purchase, booking or cancellation wrote rows (invoices, events, bookings).
    if (request.method !== 'GET') {
      persist();
      changed();
    }
    return response;
  },

  /** Back to the demo data as seeded: every change, session and message gone. */
  reset(): void {
    revived = null;
    if (demo) demo.reset();
    else current();
    persist();
    changed();
  },

  /** The messages the portal "sent" in this tab (e-mail and SMS), newest first. */
  messages(): readonly DemoMessage[] {
    const outbox = demo?.store.outbox ?? revived?.outbox ?? [];
    return [...outbox].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Changes with every call that may have written something: a snapshot for useSyncExternalStore. */
  version: () => version,
};

/** The operator the demo shows (picked on its sign-in page); the first one until then. */
export const demoOperator = {
  get(): OperatorId {
    const stored = read(KEYS.operator);
    return stored && isOperatorId(stored) ? stored : 'de';
  },
  set(operator: OperatorId): void {
    write(KEYS.operator, operator);
    changed();
  },
  subscribe: demoApi.subscribe,
};
