/// <reference lib="webworker" />
import { PGlite } from '@electric-sql/pglite';
import {
  createDemoHost,
  type DemoHost,
  type DemoPage,
  type DemoStep,
  type DemoWorkerApi,
} from '@portal/demo';
import { expose } from 'comlink';
import { del, get, set } from 'idb-keyval';
import migrations from 'virtual:portal-migrations';

/*
 * The demo's server, in a worker of its own so the page stays responsive while PostgreSQL
 * starts: PGlite (PostgreSQL in WebAssembly) with the server's migrations, seeded by the
 * server's seed, answering every call with the server's own use cases (docs/demo.md).
 * The page talks to it through comlink (state.ts).
 *
 * The database lives in this worker's memory; a copy of its data directory is kept in
 * IndexedDB under the tab's id after every call that wrote, so a reload of the tab (or a
 * card provider's page, which leaves the app and comes back) finds it, and a new tab, with
 * an id of its own, starts from the seed.
 */

const snapshotKey = (tab: string) => `portal-demo:${tab}`;

let client: PGlite | null = null;
let host: DemoHost | null = null;
let tab = '';
let saving: Promise<void> = Promise.resolve();
/** A copy asked for while another is being written: one more after it serves every caller. */
let next: Promise<void> | null = null;

async function open(page: DemoPage, progress: (step: DemoStep) => void): Promise<void> {
  progress('engine');
  const saved = await get<Blob>(snapshotKey(tab)).catch(() => undefined);
  client = saved ? new PGlite({ loadDataDir: saved }) : new PGlite();
  await client.waitReady;
  host = await createDemoHost({ client, migrations, page, progress });
  progress('ready');
  // The seed is kept at once: a reload finds the same members (and the session made on them).
  if (!saved) void save();
}

/** Writes the copy of the database's data directory (about 50 MB: a quarter of a second). */
function save(): Promise<void> {
  next ??= saving.then(async () => {
    next = null;
    const current = client;
    if (current) await set(snapshotKey(tab), await current.dumpDataDir('none'));
  });
  saving = next.catch((error) => console.warn('The demo could not keep its state for a reload:', error));
  return next;
}

function ready(): DemoHost {
  if (!host) throw new Error('the demo database has not started');
  return host;
}

const api: DemoWorkerApi = {
  async start(tabId, page, progress) {
    tab = tabId;
    await open(page, progress);
  },
  // A call that wrote answers once its copy is kept, so that a reload right after it, or the
  // card provider's page the portal goes to next, finds what it wrote. A copy that could not
  // be written (storage full or off) is said in the console; the call's answer stands.
  async call(request) {
    const answer = await ready().call(request);
    if (request.method !== 'GET' || answer.wrote) await save().catch(() => {});
    return answer;
  },
  async ptSandbox(request) {
    const answer = await ready().ptSandbox(request);
    if (request.method !== 'GET') await save().catch(() => {});
    return answer;
  },
  messages: () => ready().messages(),
  cardSandbox: (action, provider, checkoutId, form) =>
    ready().cardSandbox(action, provider, checkoutId, form),
  save,
  async reset(page, progress) {
    await saving;
    await client?.close();
    client = null;
    host = null;
    await del(snapshotKey(tab));
    await open(page, progress);
  },
};

expose(api);
