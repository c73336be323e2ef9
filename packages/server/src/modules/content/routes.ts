import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { ContentService } from './service.ts';

export function registerContentRoutes(
  app: FastifyInstance,
  content: ContentService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.content, { requireAuth }, ({ auth, query, request }) =>
    content.home(auth, query.locale, request.log),
  );
}
