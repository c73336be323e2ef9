import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { ClubService } from './service.ts';

export function registerClubRoutes(
  app: FastifyInstance,
  club: ClubService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.locations, { requireAuth }, ({ auth }) => club.list(auth));
  registerEndpoint(app, endpoints.updateLocation, { requireAuth }, ({ auth, body }) =>
    club.change(auth, body),
  );
}
