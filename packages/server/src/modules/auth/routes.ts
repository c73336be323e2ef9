import { endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { unauthorized } from '../../http/errors.ts';
import { registerEndpoint } from '../../http/route.ts';
import type { AuthContext } from '../../http/request-context.ts';
import type { AuthService } from './service.ts';

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{1,512}) *$/i;

function bearerToken(request: FastifyRequest): string {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorized();
  return match[1]!;
}

const invalidSession = () =>
  unauthorized('The session is not valid (signed out, expired or unknown). Sign in again.');

/** preHandler for `auth: true` endpoints: a live session from `Authorization: Bearer <token>`, else 401. */
export function createRequireAuth(auth: AuthService): preHandlerHookHandler {
  return async (request) => {
    const context = await auth.resolve(bearerToken(request));
    if (!context) throw invalidSession();
    request.auth = context;
  };
}

/** What a read that checks the session itself gives: the session and the route's data. */
export interface SessionRead<T> {
  session: AuthContext;
  data: T;
}

/**
 * requireAuth for a route whose read joins the session in, so that a request costs one
 * round trip instead of two (GET /v2/membership, docs/performance.md). `read` answers null
 * when there is no live session; like findLiveSession it asks the database on every
 * request, so a sign-out counts at once on every instance. The handler takes the data with
 * `readOf(request)`.
 */
export function createRequireAuthWith<T>(
  auth: AuthService,
  read: (hash: string, now: Date) => Promise<SessionRead<T> | null>,
): { requireAuth: preHandlerHookHandler; readOf(request: FastifyRequest): T } {
  const reads = new WeakMap<FastifyRequest, { data: T }>();
  return {
    requireAuth: async (request) => {
      const result = await auth.resolveWith(bearerToken(request), read);
      if (!result) throw invalidSession();
      request.auth = result.session;
      reads.set(request, { data: result.data });
    },
    readOf(request) {
      const read = reads.get(request);
      if (!read) throw new Error('readOf: the route did not run its requireAuth');
      return read.data;
    },
  };
}

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  requireAuth: preHandlerHookHandler,
) {
  // The sign-in limits answer 429 (ADR 005).
  registerEndpoint(app, endpoints.authenticate, { requireAuth, rateLimited: true }, ({ body, request }) =>
    auth.authenticate(body, request.ip, request.headers['user-agent']),
  );
  registerEndpoint(
    app,
    endpoints.resetPassword,
    // Reset mails are limited per IP so the endpoint cannot be used to flood inboxes.
    { requireAuth, config: { rateLimit: { max: 30, timeWindow: '15 minutes' } } },
    ({ body }) => auth.requestReset(body),
  );
  registerEndpoint(
    app,
    endpoints.updatePassword,
    // Tokens cannot be guessed, but each try costs a lookup (and a hash when it is right).
    { requireAuth, config: { rateLimit: { max: 30, timeWindow: '15 minutes' } } },
    ({ body, request }) => auth.updatePassword(body, request.ip),
  );
  registerEndpoint(app, endpoints.signOut, { requireAuth }, ({ auth: session }) => auth.signOut(session));
}
