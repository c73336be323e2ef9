import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { ConsentsService } from './service.ts';

export function registerConsentsRoutes(
  app: FastifyInstance,
  consents: ConsentsService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.updateGdpr, { requireAuth }, ({ auth, body }) =>
    consents.setMarketing(auth, body),
  );
}
