import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, ping } from '../../db/client.ts';

const Health = z.object({ status: z.enum(['ok', 'unavailable']) });

/** GET /api/health: 200 when the database answers `select 1`, 503 otherwise. */
export function registerHealthRoutes(app: FastifyInstance, db: Db) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: Health, 503: Health } } }, async (_request, reply) => {
      if (await ping(db)) return reply.code(200).send({ status: 'ok' });
      return reply.code(503).send({ status: 'unavailable' });
    });
}
