import { ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, ping } from '../../db/client.ts';
import { UNAVAILABLE_RETRY_SECONDS } from '../../http/errors.ts';
import type { Lifecycle } from '../../http/lifecycle.ts';
import type { RedisState } from '../../http/rate-limit-store.ts';

const Health = z.object({ status: z.enum(['ok', 'unavailable']) });
const Live = z.object({ status: z.literal('ok') });
/** Ready, and whether the request limits are shared through Redis right now (absent without REDIS_URL). */
const Ready = z.object({ status: z.literal('ok'), redis: z.enum(['up', 'down']).optional() });

/** A readiness check that waits longer than this for the database counts it as away. */
const READY_DB_TIMEOUT_MS = 2000;

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ping(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const unavailable = (type: 'draining' | 'service_unavailable', message: string) => ({
  status: 503,
  errors: [{ type, message, context: { retry_after: UNAVAILABLE_RETRY_SECONDS } }],
});

/**
 * GET /api/health: 200 when the database answers `select 1`, 503 otherwise.
 * GET /api/health/live: 200 while the process runs (a supervisor restarts it otherwise).
 * GET /api/health/ready: 200 when the database answers and the instance does not drain;
 * otherwise 503 with the error body and Retry-After, so a load balancer sends no new
 * requests here (ADR 015). With REDIS_URL it says whether Redis answers (`redis: up|down`);
 * a Redis that does not answer leaves the instance ready, its limits counted in the process
 * (docs/operations.md, "Redis").
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  db: Db,
  lifecycle: Lifecycle,
  redis: () => RedisState = () => 'off',
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/health',
    { schema: { response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      if (await ping(db)) return reply.code(200).send({ status: 'ok' });
      return reply.code(503).send({ status: 'unavailable' });
    },
  );
  routes.get('/api/health/live', { schema: { response: { 200: Live } } }, async () => ({
    status: 'ok' as const,
  }));
  routes.get(
    '/api/health/ready',
    { schema: { response: { 200: Ready, 503: ErrorBody } } },
    async (_request, reply) => {
      const refuse = (body: ErrorBody) =>
        reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_SECONDS)).send(body);
      if (lifecycle.draining) return refuse(unavailable('draining', 'This instance is shutting down.'));
      if (!(await databaseAnswers(db)))
        return refuse(unavailable('service_unavailable', 'The database does not answer.'));
      const state = redis();
      return reply.code(200).send(state === 'off' ? { status: 'ok' } : { status: 'ok', redis: state });
    },
  );
}
