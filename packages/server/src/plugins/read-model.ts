import type { FastifyInstance } from 'fastify';
import type { Listen } from '../db/client.ts';
import { READ_MODEL_CHANNEL, type ReadModelCache } from '../modules/membership/read-cache.ts';

/**
 * Keeps `cache` told of changes while the app runs: the database's notifications (from any
 * process), and at once the writes this instance answers for a signed-in member (an
 * instance's own writes need not wait for the notification to come back). Returns `cache`.
 */
export function hearReadModelChanges(
  app: FastifyInstance,
  cache: ReadModelCache,
  listen: Listen,
): ReadModelCache {
  let off: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    try {
      off = await listen(
        READ_MODEL_CHANNEL,
        (memberId) => cache.changed(memberId),
        (listening) => cache.listening(listening),
      );
      cache.listening(true);
    } catch (error) {
      app.log.warn(
        { err: error },
        'read model notifications unavailable: GET /v2/membership reads every time',
      );
    }
  });
  // Before the answer leaves: the member's next request must not find the old entry.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.auth && request.method !== 'GET' && request.method !== 'HEAD')
      cache.changed(request.auth.memberId);
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    cache.listening(false);
    await off?.();
  });
  return cache;
}
