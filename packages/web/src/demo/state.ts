import type { EndpointName, OperatorId } from '@portal/contract';
import { isOperatorId } from '@portal/domain';
import { createDemo, type DemoAnswer, type DemoMessage } from '@portal/demo';
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

// TODO(D1): createDemo({ seed: seedDemo }) once packages/demo/src/data/seed.ts is on main;
// until then the store starts empty and no persona can sign in.
const demo = createDemo();
const saved = read(KEYS.store);
const revived = saved === null ? null : reviveStore(saved);
if (revived) Object.assign(demo.store, revived);

const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function persist(): void {
  write(KEYS.store, serializeStore(demo.store));
}

/** The API of this tab: every contract call answered from the in-memory store (@portal/demo). */
export const demoApi = {
  async respond(name: EndpointName, request: Request, params?: Record<string, string>): Promise<DemoAnswer> {
    const answer = await demo.respond(name, request, params);
    // A GET changes nothing; anything else may have (rows, sessions, messages).
    if (request.method !== 'GET') {
      persist();
      changed();
    }
    return answer;
  },

  /** Back to the demo data as seeded: every change, session and message gone. */
  reset(): void {
    demo.reset();
    persist();
    changed();
  },

  /** The messages the portal "sent" in this tab (e-mail and SMS), newest first. */
  messages(): readonly DemoMessage[] {
    return [...demo.store.outbox].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
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
