import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Whether this process drains (ADR 015): main.ts starts draining on SIGTERM; from then on
 * the readiness check answers 503 and every answer closes its connection, so a proxy's
 * keep-alive connections end after their current request instead of being cut while idle.
 */
export interface Lifecycle {
  readonly draining: boolean;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}

/**
 * A request id the proxy (nginx's `$request_id`, 32 hex digits) or a client sent is kept
 * when it is a plain token, so one id follows a request through the proxy's and the
 * instance's logs; anything else (too long, spaces, control characters) gets a new one.
 */
const REQUEST_ID = /^[\w.:-]{8,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/** Every answer names the instance that gave it and echoes the request id it is logged under. */
export function registerLifecycleHeaders(app: FastifyInstance, lifecycle: Lifecycle, instanceId: string) {
  // Callback hooks, not async ones: no promise per request (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-instance', instanceId);
    reply.header('x-request-id', request.id);
    done();
  });
  // Checked when the answer leaves, so a request that began before SIGTERM closes too.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
