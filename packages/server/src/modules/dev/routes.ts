import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxPage } from './page.ts';
import type { DevService } from './service.ts';

const OutboxQuery = z.object({ to: z.string().trim().max(320).optional() }).strict();
const OutboxEntry = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});

/** The dev outbox (not registered in production): JSON at /api/dev/outbox, a page at /api/dev/outbox.html. */
export function registerDevRoutes(app: FastifyInstance, dev: DevService) {
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  zapp.get(
    '/api/dev/outbox',
    { schema: { tags: ['dev'], querystring: OutboxQuery, response: { 200: z.array(OutboxEntry) } } },
    async (request) => dev.outbox(request.query.to || undefined),
  );
  zapp.get(
    '/api/dev/outbox.html',
    { schema: { hide: true, querystring: OutboxQuery } },
    async (request, reply) => {
      const to = request.query.to || undefined;
      return reply.type('text/html; charset=utf-8').send(outboxPage(await dev.outbox(to), to));
    },
  );
}
