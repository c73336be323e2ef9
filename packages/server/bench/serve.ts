/**
 * The server side of `npm run bench` (scripts/bench.mjs), started as a child process so
 * the load generator does not share its event loop: the portal's app exactly as `npm start`
 * builds it (info logging, to wherever stdout goes) on a seeded database, and in the same
 * process a bare Fastify route, the yardstick the portal's figures are divided by. On
 * PostgreSQL (DATABASE_URL) it works in a database of its own, dropped at the end.
 * Tells the parent over IPC: { ready: { app, bare, token, database } }, and { cpu } (its CPU
 * time in µs) whenever the parent sends 'cpu'.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { fixedClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openBenchDatabase } from './database.ts';
import { bufferedStdout, loggerOptions } from '../src/http/logging.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { nodePasswordHasher } from '../src/adapters/passwords/node.ts';
import { DEMO_PASSWORD, demoUsername } from '@portal/demo-data';

const send = (message: unknown) => process.send?.(message);

const { database, label, drop } = await openBenchDatabase();
const clock = fixedClock('2026-11-22T10:00:00Z');
await database.migrate();
await seedIfEmpty(database.db, clock, nodePasswordHasher);
// As `npm start` runs it (logging at info, as in production, unless LOG_LEVEL says otherwise), but
// on a port of its own and without the built web app.
const config = { ...loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' }), webDist: '/nonexistent' };
const app = await buildApp({
  db: database.db,
  clock,
  config,
  // Written in batches, as main.ts writes them (ADR 025).
  logger: loggerOptions(config.logLevel, config.instanceId, bufferedStdout()),
  // As main.ts: GET /v2/membership answers from its cache per session (ADR 029).
  listen: database.listen,
});
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/authenticate',
  payload: { username: demoUsername('active', 'de'), password: DEMO_PASSWORD, operator_id: 'de' },
});
if (signIn.statusCode !== 200) throw new Error(`bench sign-in failed: ${signIn.body}`);

const portOf = (server: { server: { address(): unknown } }) => {
  const address = server.server.address() as { port: number } | string | null;
  return address && typeof address === 'object' ? address.port : 0;
};

let closing = false;
// Requests the load generator abandoned when it stopped may still be reading from a database
// connection that closing ends: their connection errors are the end of the run, not a failure.
const endOfRun = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code ?? '';
  if (
    closing &&
    ['ECONNRESET', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED'].includes(code)
  )
    return;
  throw error;
};
process.on('unhandledRejection', endOfRun);
process.on('uncaughtException', endOfRun);

async function shutdown() {
  if (closing) return;
  closing = true;
  await bare.close();
  await app.close();
  await database.close();
  await drop();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void shutdown();
  // This process's CPU time so far (user and system, µs): the parent divides by requests.
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ cpu: user + system });
  }
});
process.on('disconnect', () => void shutdown());

send({ ready: { app: portOf(app), bare: portOf(bare), token: signIn.json().token, database: label } });
