import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { ContactService } from './service.ts';

export function registerContactRoutes(
  app: FastifyInstance,
  contact: ContactService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.contact, { requireAuth }, ({ auth }) => contact.get(auth));
}
