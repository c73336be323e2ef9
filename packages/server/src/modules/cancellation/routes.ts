import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { CancellationService } from './service.ts';

export function registerCancellationRoutes(
  app: FastifyInstance,
  cancellation: CancellationService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.cancellationPolicy, { requireAuth }, ({ auth }) =>
    cancellation.policy(auth),
  );
  registerEndpoint(app, endpoints.cancel, { requireAuth }, ({ auth, body }) =>
    cancellation.cancel(auth, body),
  );
  registerEndpoint(app, endpoints.reactivate, { requireAuth }, ({ auth }) => cancellation.reactivate(auth));
}
