import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import { createRequireAuthWith } from '../auth/routes.ts';
import type { AuthService } from '../auth/service.ts';
import type { MembershipService } from './service.ts';

export function registerMembershipRoutes(
  app: FastifyInstance,
  membership: MembershipService,
  auth: AuthService,
) {
  // The busiest read: its session check and read model are one query (docs/performance.md).
  const { requireAuth, readOf } = createRequireAuthWith(auth, membership.readWithSession);
  registerEndpoint(app, endpoints.membership, { requireAuth }, ({ query, request }) =>
    Promise.resolve(membership.present(readOf(request), query.locale)),
  );
}
