import { endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { rateLimited } from '../../http/errors.ts';
import { registerEndpoint } from '../../http/route.ts';
import type { ProfileService } from './service.ts';

/**
 * Request limits per member (docs/security.md, finding 8), on top of the send limits per member
 * and number in the database (ADR 007): each phone_verify call may send an SMS, and each
 * profile save may check a code. Counted after the session check, so they count members,
 * not tokens; in Redis when REDIS_URL is set, so every process shares them.
 */
const perMember = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '15 minutes',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.auth?.memberId ?? request.ip,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      rateLimited(context.ttl / 1000),
  },
});

export function registerProfileRoutes(
  app: FastifyInstance,
  profile: ProfileService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.phonePrefixes, { requireAuth }, ({ auth }) => profile.prefixes(auth));
  registerEndpoint(app, endpoints.verifyPhone, { requireAuth, config: perMember(10) }, ({ auth, body }) =>
    profile.sendCode(auth, body),
  );
  registerEndpoint(app, endpoints.updateProfile, { requireAuth, config: perMember(30) }, ({ auth, body }) =>
    profile.update(auth, body),
  );
}
