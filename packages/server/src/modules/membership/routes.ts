import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { MembershipService } from './service.ts';

export function registerMembershipRoutes(
  app: FastifyInstance,
  membership: MembershipService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.membership, { requireAuth }, ({ auth, query }) =>
    membership.get(auth, query.locale),
  );
}
