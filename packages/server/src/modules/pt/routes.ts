import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { PtService } from './service.ts';

export function registerPtRoutes(app: FastifyInstance, pt: PtService, requireAuth: preHandlerHookHandler) {
  registerEndpoint(app, endpoints.ptWidgetSession, { requireAuth }, ({ auth, body }) =>
    pt.widgetSession(auth, body.widget),
  );
}
