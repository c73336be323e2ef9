import { endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { AccessService } from './service.ts';

/**
 * Chip codes can be guessed (and free ones taken), and each call may send an SMS: ten
 * calls per member and route in 15 minutes are plenty for fixing a typo. The limit runs
 * after the session check and the input validation, so it counts members, not tokens.
 */
const perMember = {
  rateLimit: {
    max: 10,
    timeWindow: '15 minutes',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.auth?.memberId ?? request.ip,
  },
};

export function registerAccessRoutes(
  app: FastifyInstance,
  access: AccessService,
  requireAuth: preHandlerHookHandler,
) {
  const options = { requireAuth, config: perMember };
  registerEndpoint(app, endpoints.activateChip, options, ({ auth, body }) => access.activateChip(auth, body));
  registerEndpoint(app, endpoints.reportLostChip, options, ({ auth, body }) =>
    access.reportLostChip(auth, body),
  );
  registerEndpoint(app, endpoints.temporaryPin, options, ({ auth }) => access.temporaryPin(auth));
}
