import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http/errors.ts';

/** The provider's request (adapters/delivery/sms-http.ts sends it). */
const SmsRequest = z.object({
  to: z.string().regex(/^\+[1-9]\d{6,14}$/),
  text: z.string().min(1).max(1600),
  sender: z.string().min(1).max(32),
});
const Received = z.object({
  id: z.string(),
  to: z.string(),
  text: z.string(),
  sender: z.string(),
  idempotency_key: z.string().nullable(),
  received_at: z.string(),
});
type Received = z.infer<typeof Received>;
const ListQuery = z.object({ to: z.string().trim().max(32).optional() }).strict();

/** What the sandbox keeps: the newest messages of this process. */
const KEEP = 1000;

/**
 * The SMS provider's stand-in outside production (SMS_API_URL=http://localhost:8080/api/dev/sms/messages):
 * POST takes what the real provider would (a bearer key, JSON {to, text, sender}) and
 * answers 202; GET lists what arrived, newest first, so a test can read it. Held in this
 * process's memory: a sandbox, not a store. Every arrival is kept, also a repeated
 * Idempotency-Key, so a test sees a message that was sent twice.
 */
export function registerSmsSandboxRoutes(app: FastifyInstance) {
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  const received: Received[] = [];
  let next = 1;
  zapp.post(
    '/api/dev/sms/messages',
    { schema: { tags: ['dev'], body: SmsRequest, response: { 202: z.object({ id: z.string() }) } } },
    async (request, reply) => {
      if (!/^Bearer \S+$/.test(request.headers.authorization ?? '')) {
        throw unauthorized('The SMS API needs a key: Authorization: Bearer <key>.');
      }
      const key = request.headers['idempotency-key'];
      const entry: Received = {
        id: `sms-${next++}`,
        ...request.body,
        idempotency_key: typeof key === 'string' ? key : null,
        received_at: new Date().toISOString(),
      };
      received.unshift(entry);
      received.length = Math.min(received.length, KEEP);
      return reply.code(202).send({ id: entry.id });
    },
  );
  zapp.get(
    '/api/dev/sms/messages',
    { schema: { tags: ['dev'], querystring: ListQuery, response: { 200: z.array(Received) } } },
    async (request) => {
      const to = request.query.to;
      return to ? received.filter((m) => m.to === to) : received;
    },
  );
}
