import { endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { rateLimited } from '../../http/errors.ts';
import { registerEndpoint } from '../../http/route.ts';
import type { DoorKeyring } from './door-keys.ts';
import type { WorkoutsService } from './service.ts';

export function registerWorkoutsRoutes(
  app: FastifyInstance,
  workouts: WorkoutsService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.workouts, { requireAuth }, ({ auth }) => workouts.get(auth));
}

/**
 * The door systems' check-ins: the club's key is checked before the body (a wrong key is a
 * 401 whatever it sends). Limited per club, and per address for requests without a known
 * key, counted before the key check so forged keys are limited too.
 */
export function registerDoorRoutes(
  app: FastifyInstance,
  workouts: WorkoutsService,
  keyring: DoorKeyring,
  perMinute: number,
) {
  const perClub = {
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) =>
        `door:${keyring.resolve(request.headers.authorization) ?? `ip:${request.ip}`}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        rateLimited(context.ttl / 1000),
    },
  };
  registerEndpoint(
    app,
    endpoints.doorCheckIn,
    { authenticate: keyring.authenticate, config: perClub },
    ({ request, body }) => workouts.checkIn(request.doorClubId!, body),
  );
}
