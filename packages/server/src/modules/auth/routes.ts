import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { unauthorized } from '../../http/errors.ts';
import { registerEndpoint } from '../../http/route.ts';
import type { AuthService } from './service.ts';

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{1,512}) *$/i;

/** preHandler for `auth: true` endpoints: a live session from `Authorization: Bearer <token>`, else 401. */
export function createRequireAuth(auth: AuthService): preHandlerHookHandler {
  return async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) throw unauthorized();
    const context = await auth.resolve(match[1]!);
    if (!context)
      throw unauthorized('The session is not valid (signed out, expired or unknown). Sign in again.');
    request.auth = context;
  };
}

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.authenticate, { requireAuth }, ({ body, request }) =>
    auth.authenticate(body, request.ip),
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
