import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { ProfileService } from './service.ts';

export function registerProfileRoutes(
  app: FastifyInstance,
  profile: ProfileService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.phonePrefixes, { requireAuth }, ({ auth }) => profile.prefixes(auth));
  registerEndpoint(app, endpoints.verifyPhone, { requireAuth }, ({ auth, body }) =>
    profile.sendCode(auth, body),
  );
  registerEndpoint(app, endpoints.updateProfile, { requireAuth }, ({ auth, body }) =>
    profile.update(auth, body),
  );
}
