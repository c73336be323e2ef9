import type { PGlite } from '@electric-sql/pglite';
import { type CardProvider, type EndpointName, endpoints, PT_SANDBOX_BASE } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import {
  type AppDeps,
  applyMigrations,
  createCardSandbox,
  createJobQueue,
  createPtSandboxApi,
  createServices,
  dispatch,
  type Log,
  memoryMetrics,
  parseConfig,
  pgliteDb,
  portalTable,
  SandboxCardGateway,
  outboxSenders,
  seedIfEmpty,
  systemClock,
  wasmPasswordHasher,
} from '@portal/server/core';
import type { MigrationMeta } from 'drizzle-orm/migrator';
import { DEMO_CARD_ROUTE } from './routes.ts';
import type { DemoPage, DemoStep, DemoWorkerApi } from './wire.ts';

/**
 * The key of the demo's card and PT sandboxes. The demo runs provider and portal in one
 * tab, so nothing here can be a secret: anyone could forge a card return or a widget token
 * with it. That is harmless (no card, no money, no real member), and the portal still checks
 * every signature exactly as the server does.
 */
const DEMO_SANDBOX_KEY = 'portal-demo-sandbox-key-0123456789abcdef';

export interface DemoHostOptions {
  client: PGlite;
  migrations: MigrationMeta[];
  /** The page the demo runs on (its origin and path): links and card pages point back there. */
  page: DemoPage;
  progress?: (step: DemoStep) => void;
  /** The clock; the real time by default (tests fix it). */
  now?: () => Date;
}

/** What the worker answers with, once its database has started (wire.ts). */
export type DemoHost = Pick<DemoWorkerApi, 'call' | 'ptSandbox' | 'cardSandbox' | 'messages'>;

/** The demo's log: the browser's console, by the same allow-list rules (errors by kind only). */
const consoleLog: Log = {
  error: (object, message) => console.error(message, object),
  warn: (object, message) => console.warn(message, object),
  info: () => {},
  debug: () => {},
};

/** Calls that write on a GET: the card form's address opens a checkout. */
const OPENS_CHECKOUT: ReadonlySet<EndpointName> = new Set(['dibsUrl', 'verifoneUrl']);

/**
 * The portal's server in the browser (docs/demo.md): the server's migrations, seed, services
 * and endpoint table on PGlite, the sandboxes of the card and PT providers, the outbox as
 * the messages the demo shows. Nothing is answered here that the server does not answer
 * itself: `call` is the server's `dispatch` of its endpoint table.
 */
export async function createDemoHost(options: DemoHostOptions): Promise<DemoHost> {
  const { client, page } = options;
  const progress = options.progress ?? (() => {});
  const clock = options.now ? { now: options.now } : systemClock;
  const db = pgliteDb(client);
  progress('tables');
  await applyMigrations(db, options.migrations);

  // The configuration a developer's server has, with the page as every operator's origin.
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    PT_WIDGET_SECRET: DEMO_SANDBOX_KEY,
    CARD_SANDBOX_SECRET_VERIFONE: DEMO_SANDBOX_KEY,
    CARD_SANDBOX_SECRET_DIBS: DEMO_SANDBOX_KEY,
  };
  for (const op of operatorIds) env[`PUBLIC_ORIGIN_${op.toUpperCase()}`] = page.origin;
  const config = { ...parseConfig(env), hashRoutes: { base: page.pathname } };

  const cardPage = (provider: CardProvider, checkoutId: string, _successUrl: string, locale: string) =>
    `${page.origin}${page.pathname}#${DEMO_CARD_ROUTE}/${provider}/${encodeURIComponent(checkoutId)}?locale=${encodeURIComponent(locale)}`;
  const jobs = createJobQueue(db, { wallClock: Date.now, log: consoleLog });
  const deps: AppDeps = {
    db,
    clock,
    config,
    ...outboxSenders(clock),
    cardGateways: {
      verifone: new SandboxCardGateway('verifone', DEMO_SANDBOX_KEY, cardPage),
      dibs: new SandboxCardGateway('dibs', DEMO_SANDBOX_KEY, cardPage),
    },
    wallClock: Date.now,
    jobs,
    metrics: memoryMetrics(),
    passwords: wasmPasswordHasher,
  };
  progress('members');
  await seedIfEmpty(db, clock, deps.passwords);
  const services = createServices(deps);
  const table = portalTable(services, config);
  const cards = createCardSandbox(deps);
  const pt = createPtSandboxApi(deps, consoleLog);
  jobs.start();
  services.classes.startReminders(consoleLog);

  return {
    async call(request) {
      const name = request.name;
      if (!name || !(name in endpoints)) return { status: 404, headers: {}, body: null };
      const url = new URL(request.url);
      const answer = await dispatch(
        table,
        name,
        {
          params: request.params,
          query: queryOf(url),
          headers: lowerCase(request.headers),
          text: request.body ?? '',
          ip: '127.0.0.1',
          url: `${url.pathname}${url.search}`,
          origin: page.origin,
        },
        { log: consoleLog },
      );
      return { ...answer, wrote: OPENS_CHECKOUT.has(name) && answer.status === 200 };
    },

    async ptSandbox(request) {
      const url = new URL(request.url);
      const at = url.pathname.indexOf(`${PT_SANDBOX_BASE}/v1/`);
      const headers = lowerCase(request.headers);
      return pt.answer({
        method: request.method,
        route: at < 0 ? '' : url.pathname.slice(at + PT_SANDBOX_BASE.length + 4),
        query: Object.fromEntries(url.searchParams),
        authorization: headers.authorization,
        acceptLanguage: headers['accept-language'],
        text: request.body ?? undefined,
      });
    },

    async cardSandbox(action, provider, checkoutId, form) {
      if (action === 'open') return cards.open(provider, checkoutId, form.locale);
      if (action === 'submit') return cards.submit(provider, checkoutId, form);
      return cards.confirm(provider, checkoutId, form);
    },

    async messages() {
      const rows = await services.dev.outbox(undefined);
      return rows.map((row) => ({
        id: String(row.id),
        channel: row.channel,
        to: row.to,
        subject: row.subject,
        body: row.body,
        createdAt: new Date(row.created_at),
      }));
    },
  };
}

/** The query as the server's parser reads it: a repeated key becomes an array. */
function queryOf(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

const lowerCase = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
