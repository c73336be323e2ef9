import { endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { PublicCancellationSettings } from '../../config.ts';
import { rateLimited } from '../../http/errors.ts';
import { registerEndpoint } from '../../http/route.ts';
import type { PublicCancellationService } from './public-service.ts';
import type { CancellationService } from './service.ts';
import type { WithdrawalService } from './withdrawal.ts';

export interface CancellationServices {
  cancellation: CancellationService;
  publicCancellation: PublicCancellationService;
  withdrawal: WithdrawalService;
}

export function registerCancellationRoutes(
  app: FastifyInstance,
  { cancellation, publicCancellation, withdrawal }: CancellationServices,
  requireAuth: preHandlerHookHandler,
  settings: PublicCancellationSettings,
) {
  registerEndpoint(app, endpoints.cancellationPolicy, { requireAuth }, ({ auth }) =>
    cancellation.policy(auth),
  );
  registerEndpoint(app, endpoints.cancel, { requireAuth }, ({ auth, body }) =>
    cancellation.cancel(auth, body),
  );
  registerEndpoint(app, endpoints.reactivate, { requireAuth }, ({ auth }) => cancellation.reactivate(auth));
  registerEndpoint(app, endpoints.withdrawal, { requireAuth }, ({ auth }) => withdrawal.withdraw(auth));

  // Per address, counted after validation: declarations count, typos do not. The service
  // limits each identity on top (ADR 010). In Redis when REDIS_URL is set, like the others.
  const perAddress = {
    rateLimit: {
      max: settings.perIpPerHour,
      timeWindow: '1 hour',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `public-cancellation:${request.ip}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        rateLimited(context.ttl / 1000),
    },
  };
  registerEndpoint(
    app,
    endpoints.publicCancellation,
    { requireAuth, config: perAddress },
    ({ body, request }) => publicCancellation.submit(body, request.ip, request.log),
  );
}
