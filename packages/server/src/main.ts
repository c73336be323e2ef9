// First: on an older Node.js the process ends here, with one line saying what to do.
import './node-version.mjs';
import { operatorIds } from '@portal/domain';
import { startDelivery } from './adapters/delivery/index.ts';
import { clockFromConfig } from './clock.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedOutsideProduction } from './db/startup.ts';
import { DEMO_PASSWORD, demoUsername, PERSONAS } from '@portal/demo-data';
import { createLifecycle } from './http/lifecycle.ts';
import { bufferedStdout, loggerOptions, prettyStdout } from './http/logging.ts';
import { createMetrics, startMetricsServer } from './metrics.ts';
import { demoDoorKeys } from './modules/workouts/door-keys.ts';
import { type Closer, exitOnSignals } from './shutdown.ts';
import { nodePasswordHasher } from './adapters/passwords/node.ts';

const started = performance.now();
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // Every wrong variable, each with the form it must have; no stack, no value.
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const clock = clockFromConfig(config.portalClock, !config.isProduction);
// The database starts (PGlite compiles its WebAssembly) while the HTTP modules load.
const opening = openDatabase(
  config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        max: config.databasePoolMax,
        ...(config.databaseListenUrl ? { listenUrl: config.databaseListenUrl } : {}),
      }
    : { kind: 'pglite', dataDir: config.dataDir },
);
const [{ buildApp }] = await Promise.all([
  import('./app.ts'),
  config.isProduction ? null : import('./db/seed.ts'),
]);
const database = await opening;
await database.migrate();
const seeded = await seedOutsideProduction(database.db, clock, config, nodePasswordHasher);
const metrics = createMetrics({ db: database.db, poolUsage: database.poolUsage });
const lifecycle = createLifecycle();
// JSON lines written in batches (ADR 025), or readable lines for a person at a terminal;
// the start lines below come after them.
const log = config.logFormat === 'pretty' ? await prettyStdout() : bufferedStdout();
const app = await buildApp({
  db: database.db,
  clock,
  config,
  lifecycle,
  metrics,
  logger: loggerOptions(config.logLevel, config.instanceId, log),
  listen: database.listen,
});
/**
 * Background work beside the HTTP server (e.g. the outbox delivery worker): each is
 * stopped, in this order, on SIGTERM after the last request was answered and before the
 * database pool is released (shutdown.ts, ADR 015).
 */
const onShutdown: Closer[] = [];
exitOnSignals({
  app,
  lifecycle,
  settings: config.shutdown,
  closers: onShutdown,
  closeDatabase: () => database.close(),
});
await app.listen({ port: config.port, host: config.host });
// Every instance delivers the outbox (ADR 014); stop() finishes the sends in flight.
const delivery = startDelivery({
  db: database.db,
  settings: config.delivery,
  log: app.log,
  observer: metrics.delivery,
  listen: database.listen,
});
onShutdown.push({ name: 'outbox delivery', close: () => delivery.stop() });
const metricsServer =
  config.metrics.port === null
    ? null
    : await startMetricsServer(metrics, { ...config.metrics, port: config.metrics.port });
// Last: scrapes keep answering while the instance drains.
if (metricsServer) onShutdown.push({ name: 'metrics listener', close: () => metricsServer.close() });

const api = [
  `API under /api`,
  ...(config.serveOpenApi ? [`OpenAPI at http://localhost:${config.port}/api/docs`] : []),
  ...(config.isProduction ? [] : [`dev outbox at http://localhost:${config.port}/api/dev/outbox.html`]),
  ...(metricsServer ? [`metrics at http://${config.metrics.host}:${config.metrics.port}/metrics`] : []),
];
const lines = [
  '',
  `Member portal${config.isProduction ? ' (production)' : ''} on http://localhost:${config.port} (operators: ${operatorIds
    .map((op) => `http://${op}.localhost:${config.port}`)
    .join(' ')})`,
  api.join(', '),
  `Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}${seeded ? ', demo data seeded' : ''}${config.portalClock ? `; clock fixed at ${config.portalClock}` : ''}`,
  '',
  ...(config.isProduction ? [] : demoLoginLines()),
  ...(config.doorKeys.demo ? doorKeyLines() : []),
  `Ready in ${Math.round(performance.now() - started)} ms (instance ${config.instanceId}, listening on ${config.host}:${config.port}${config.host === '127.0.0.1' ? ', this machine only: HOST=0.0.0.0 opens it to the network' : ''}).`,
  '',
];
log.flushSync();
process.stdout.write(`${lines.join('\n')}\n`);

/** The demo members' logins (never in production, where no demo member exists). */
function demoLoginLines(): string[] {
  const shown = ['de', 'no'] as const;
  const width = Math.max(...PERSONAS.map((p) => demoUsername(p, 'de').length)) + 2;
  return [
    `Demo logins (password "${DEMO_PASSWORD}"), pattern <persona>@<operator>.example for operators ${operatorIds.join(', ')}:`,
    ...PERSONAS.map((p) => `  ${shown.map((op) => demoUsername(p, op).padEnd(width)).join('')}`),
    '',
  ];
}

/** The demo clubs' door keys (never in production), for sending check-ins by hand. */
function doorKeyLines(): string[] {
  const keys = demoDoorKeys();
  const clubWidth = Math.max(...keys.map((k) => k.clubId.length)) + 2;
  return [
    'Demo door-system keys: POST /api/v1/door/check_ins with Authorization: Bearer <key> (docs/workouts-referral-contact.md):',
    ...keys.map((k) => `  ${k.clubId.padEnd(clubWidth)}${k.key}`),
    '',
  ];
}
