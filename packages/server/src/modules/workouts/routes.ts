import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { WorkoutsService } from './service.ts';

export function registerWorkoutsRoutes(
  app: FastifyInstance,
  workouts: WorkoutsService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.workouts, { requireAuth }, ({ auth }) => workouts.get(auth));
}
