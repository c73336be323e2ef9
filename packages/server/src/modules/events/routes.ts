import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { EventsService } from './service.ts';

export function registerEventsRoutes(
  app: FastifyInstance,
  events: EventsService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.logEvent, { requireAuth }, ({ auth, body }) => events.log(auth, body));
}
