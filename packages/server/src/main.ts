// First: on an older Node.js the process ends here, with one line saying what to do.
import './node-version.mjs';
import { operatorIds } from '@portal/domain';
import { startDelivery } from './adapters/delivery/index.ts';
import { clockFromConfig } from './clock.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedOutsideProduction } from './db/startup.ts';
import { loadOutsideProduction } from './dev/load.ts';
import { createLifecycle } from './http/lifecycle.ts';
import { bufferedStdout, loggerOptions, prettyStdout } from './http/logging.ts';
import { createMetrics, startMetricsServer } from './metrics.ts';
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
// Outside production also the demo data and dev routes; production never loads them (dev/load.ts).
const [{ buildApp }, outsideProduction] = await Promise.all([
  import('./app.ts'),
  loadOutsideProduction(config),
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
  ...(outsideProduction ? outsideProduction.demoLines(config) : []),
  `Ready in ${Math.round(performance.now() - started)} ms (instance ${config.instanceId}, listening on ${config.host}:${config.port}${config.host === '127.0.0.1' ? ', this machine only: HOST=0.0.0.0 opens it to the network' : ''}).`,
  '',
];
log.flushSync();
process.stdout.write(`${lines.join('\n')}\n`);
