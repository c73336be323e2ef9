import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, type PoolUsage, selectRows } from './db/client.ts';
import type { CoreMetrics } from './ports.ts';

export type { ReadModelObserver } from './ports.ts';

/**
 * Prometheus metrics of one instance (docs/operations.md, "Metrics"). A registry per app,
 * so tests can build several; labels never hold a raw path, an address or a username.
 */
export interface Metrics extends CoreMetrics {
  registry: Registry;
  signInFailures: Counter<'operator'>;
}

export interface MetricsSources {
  db: Db;
  /** The pool's connections (PostgreSQL); without it, or on PGlite, no pool gauge. */
  poolUsage?: () => Promise<PoolUsage | null>;
}

export function createMetrics({ db, poolUsage }: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });

  const signInFailures = new Counter({
    name: 'portal_sign_in_failures_total',
    help: 'Sign-ins refused for a wrong password or an unknown username, by operator.',
    labelNames: ['operator'] as const,
    registers: [registry],
  });

  const delivered = new Counter({
    name: 'portal_outbox_delivered_total',
    help: 'Messages delivered by this instance, by channel.',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'portal_outbox_delivery_failures_total',
    help: 'Failed delivery tries by this instance, by channel, error kind and whether the message is dead.',
    labelNames: ['channel', 'kind', 'dead'] as const,
    registers: [registry],
  });

  const readModelReads = new Counter({
    name: 'portal_read_model_reads_total',
    help: 'GET /v2/membership reads of a live session, answered from the cache or read from the database.',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const readModelListening = new Gauge({
    name: 'portal_read_model_cache_listening',
    help: '1 while this instance hears the database’s changes and may answer GET /v2/membership from its cache.',
    registers: [registry],
  });

  // The backlog is the database's, the same for every instance: read on each scrape.
  const backlog = new Gauge({
    name: 'portal_outbox_messages',
    help: 'Outbox messages waiting (pending) or given up (dead).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      try {
        const [row] = await selectRows<{ pending: number; dead: number }>(
          db,
          sql`select (select count(*) from outbox where status = 'pending')::int as pending,
                     (select count(*) from outbox where status = 'dead')::int as dead`,
        );
        this.set({ status: 'pending' }, row?.pending ?? 0);
        this.set({ status: 'dead' }, row?.dead ?? 0);
      } catch {
        // The database is away: the scrape still answers; this gauge goes stale.
        this.reset();
      }
    },
  });
  void backlog;

  if (poolUsage) {
    // Both gauges are collected at once in a scrape: they share one read of the pool.
    let reading: Promise<PoolUsage | null> | null = null;
    const read = () => {
      reading ??= poolUsage()
        .catch(() => null)
        .finally(() => setImmediate(() => (reading = null)));
      return reading;
    };
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Open connections of this instance by state (active: a query in flight).',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const [state, n] of Object.entries((await read())?.byState ?? {})) this.set({ state }, n);
      },
    });
    new Gauge({
      name: 'portal_db_pool_max',
      help: 'Connections the pool may open.',
      registers: [registry],
      async collect() {
        const usage = await read();
        if (usage) this.set(usage.max);
      },
    });
  }

  return {
    registry,
    signInFailures,
    delivery: {
      delivered: (channel) => delivered.inc({ channel }),
      failed: (channel, kind, dead) => failures.inc({ channel, kind, dead: String(dead) }),
    },
    readModel: {
      read: (source) => readModelReads.inc({ source }),
      listening: (listening) => readModelListening.set(listening ? 1 : 0),
    },
  };
}

/**
 * Counts every answer and its duration by method, route pattern (`/api/v1/membership/invoices/:id`,
 * never the path itself) and status class; a request that matched no route counts as `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP answers by method, route pattern and status class.',
    labelNames,
    registers: [metrics.registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer, by method, route pattern and status class.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** The /metrics listener, apart from the app's port, so the proxy never exposes it. */
export async function startMetricsServer(
  metrics: Metrics,
  listen: { port: number; host: string },
): Promise<{ server: Server; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  return {
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
