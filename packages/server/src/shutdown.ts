import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ShutdownSettings } from './config.ts';
import type { Lifecycle } from './http/lifecycle.ts';

/** Something that runs beside the HTTP server and must stop before the database closes. */
export interface Closer {
  name: string;
  close(): Promise<void>;
}

export interface DrainOptions {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  settings: ShutdownSettings;
  /** Background work (the outbox worker, …), stopped in order after the HTTP server closed. */
  closers: Closer[];
  /** The database pool, released last. */
  closeDatabase(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const openConnections = (server: Server) =>
  new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));

/**
 * The drain sequence on SIGTERM (ADR 015), so that a proxy retrying elsewhere sees no
 * failed request:
 * 1. draining: /api/health/ready answers 503 and every answer carries `Connection: close`;
 * 2. the listener closes: new connections are refused, which nginx retries on another
 *    instance for any method (nothing was sent);
 * 3. for `graceMs` the connections already open keep being served, each closing after its
 *    answer; nginx closes its idle ones itself after its upstream keepalive_timeout, which is
 *    shorter, so no idle connection is cut by us while nginx may be sending on it;
 * 4. what is left idle is closed, in-flight requests are answered;
 * 5. the app closes (jobs runner, Redis), then the closers, then the database pool.
 */
export async function drainAndClose(options: DrainOptions): Promise<void> {
  const { app, lifecycle, settings } = options;
  const server = app.server;
  lifecycle.startDraining();
  app.log.info({ graceMs: settings.graceMs }, 'draining: the listener closes');
  // net.Server's close stops accepting but, unlike http.Server's, leaves open connections alone.
  Server.prototype.close.call(server);
  const graceEnds = Date.now() + settings.graceMs;
  while (Date.now() < graceEnds && (await openConnections(server)) > 0) await sleep(50);
  server.closeIdleConnections();
  while ((await openConnections(server)) > 0) {
    await sleep(50);
    server.closeIdleConnections();
  }
  await app.close();
  for (const closer of options.closers) {
    try {
      await closer.close();
    } catch (error) {
      app.log.error({ err: error, closer: closer.name }, 'a closer failed during shutdown');
    }
  }
  await options.closeDatabase();
  app.log.info('drained');
}

/**
 * Runs the drain once on SIGTERM or SIGINT and exits 0 when it is done, or 1 at the hard
 * deadline (SHUTDOWN_TIMEOUT_MS) if something hangs.
 */
export function exitOnSignals(options: DrainOptions): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      setTimeout(() => {
        options.app.log.error({ timeoutMs: options.settings.timeoutMs }, 'shutdown deadline passed');
        process.exit(1);
      }, options.settings.timeoutMs).unref();
      drainAndClose(options).then(
        () => process.exit(0),
        (error) => {
          options.app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
