import { IsoDateTime } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MutableClock } from '../../clock.ts';
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

const ClockBody = z.object({ now: IsoDateTime }).strict();
const ClockAnswer = z.object({ now: z.string() });

/**
 * The dev tools (not registered in production): the outbox as JSON at /api/dev/outbox and
 * as a page at /api/dev/outbox.html; with a movable clock (PORTAL_CLOCK set), PUT
 * /api/dev/clock moves the portal's now, so a browser test can pass an expiry.
 */
export function registerDevRoutes(app: FastifyInstance, dev: DevService, clock: MutableClock | null = null) {
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  if (clock) {
    zapp.get('/api/dev/clock', { schema: { tags: ['dev'], response: { 200: ClockAnswer } } }, async () => ({
      now: clock.now().toISOString(),
    }));
    zapp.put(
      '/api/dev/clock',
      { schema: { tags: ['dev'], body: ClockBody, response: { 200: ClockAnswer } } },
      async (request) => {
        clock.set(request.body.now);
        return { now: clock.now().toISOString() };
      },
    );
  }
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
