import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { FreezeService } from './service.ts';

export function registerFreezeRoutes(
  app: FastifyInstance,
  freeze: FreezeService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.freezePolicy, { requireAuth }, ({ auth }) => freeze.policy(auth));
  registerEndpoint(app, endpoints.createFreeze, { requireAuth }, ({ auth, body }) =>
    freeze.create(auth, body),
  );
  registerEndpoint(app, endpoints.updateFreeze, { requireAuth }, ({ auth, params, body }) =>
    freeze.update(auth, params.id, body),
  );
  registerEndpoint(app, endpoints.deleteFreeze, { requireAuth }, ({ auth, params }) =>
    freeze.remove(auth, params.id),
  );
}
