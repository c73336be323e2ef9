import type { OperatorId } from '@portal/contract';
import type { DemoAnswer, DemoMessage, DemoRequest, DemoStep, DemoWorkerApi } from '@portal/demo';
import { isOperatorId } from '@portal/domain';
import { proxy, wrap } from 'comlink';
import { provideCardSandbox } from './card/source.ts';
import DatabaseWorker from './database.worker.ts?worker';

/** sessionStorage keys: the demo's world belongs to one tab and outlives its reloads. */
const KEYS = { tab: 'portal.demo.tab', operator: 'portal.demo.operator' } as const;

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
    // Storage off: the demo goes on, a reload starts it afresh.
    console.warn('The demo could not keep its state for a reload of this tab:', error);
  }
}

/** This tab's id: its database's copy is kept under it (database.worker.ts). */
function tabId(): string {
  const known = read(KEYS.tab);
  if (known) return known;
  const fresh = crypto.randomUUID();
  write(KEYS.tab, fresh);
  return fresh;
}

const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

let step: DemoStep = 'engine';
let messages: readonly DemoMessage[] = [];
const onStep = proxy((next: DemoStep) => {
  step = next;
  changed();
});

// The card provider's sandbox page opens as a frame of the portal (dibs): the frame is
// another load of this app, which uses its parent's database instead of starting its own.
const parent = (() => {
  try {
    return window.parent !== window
      ? (window.parent as unknown as { portalDemoWorker?: DemoWorkerApi }).portalDemoWorker
      : undefined;
  } catch {
    return undefined;
  }
})();

const worker: DemoWorkerApi = parent ?? wrap<DemoWorkerApi>(new DatabaseWorker());
(window as unknown as { portalDemoWorker?: DemoWorkerApi }).portalDemoWorker = worker;

/** This page, without its hash: the links the portal makes point back to it. */
const page = () => ({ origin: window.location.origin, pathname: window.location.pathname });

// The database starts with the page, while the sign-in page is already usable; every call
// waits for it (the sign-in page shows the steps, DemoSignInPage.tsx).
let started: Promise<void> = parent ? Promise.resolve() : worker.start(tabId(), page(), onStep);
if (parent) step = 'ready';

async function refreshMessages(): Promise<void> {
  messages = await worker.messages();
  changed();
}

/** The API of this tab: every contract call answered by the server's code in the worker. */
export const demoApi = {
  async call(request: DemoRequest): Promise<DemoAnswer> {
    await started;
    const answer = await worker.call(request);
    // The worker kept a copy of what the call wrote before it answered (database.worker.ts).
    if (request.method !== 'GET' || answer.wrote) await refreshMessages();
    return answer;
  },

  /** The PT provider's widget API (pt/), answered by the server's PT sandbox. */
  async ptSandbox(request: DemoRequest): Promise<DemoAnswer> {
    await started;
    const answer = await worker.ptSandbox(request);
    if (request.method !== 'GET') changed();
    return answer;
  },

  /** Back to the demo data as seeded: every change, session and message gone. */
  async reset(): Promise<void> {
    messages = [];
    step = 'engine';
    changed();
    started = started.catch(() => {}).then(() => worker.reset(page(), onStep));
    await started;
  },

  /** The messages the portal "sent" in this tab (e-mail and SMS), newest first. */
  messages: (): readonly DemoMessage[] => messages,

  /** How far the database's start is. */
  step: (): DemoStep => step,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Changes with every call that may have written something: a snapshot for useSyncExternalStore. */
  version: () => version,
};

// The card provider's sandbox page asks the server's card sandbox in the worker.
provideCardSandbox({
  open: async (provider, checkoutId, locale) => {
    await started;
    return worker.cardSandbox('open', provider, checkoutId, locale ? { locale } : {});
  },
  act: async (action, provider, checkoutId, form) => {
    await started;
    return worker.cardSandbox(action, provider, checkoutId, form);
  },
});

void started.then(refreshMessages).catch((error) => console.error('The demo database did not start:', error));

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
