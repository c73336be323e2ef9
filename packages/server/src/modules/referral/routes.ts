import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { ReferralService } from './service.ts';

export function registerReferralRoutes(
  app: FastifyInstance,
  referral: ReferralService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.currentReferral, { requireAuth }, ({ auth }) => referral.current(auth));
}
