import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import { rateLimited } from '../../http/errors.ts';
import type { DoorKeyring } from './door-keys.ts';
import type { WorkoutsService } from './service.ts';

export function workoutsEndpoints(workouts: WorkoutsService, session: Credential) {
  return {
    workouts: defineEndpoint(endpoints.workouts, {
      credential: session,
      handle: ({ auth }) => workouts.get(auth),
    }),
  };
}

/**
 * The door systems' check-ins: the club's key is checked before the body (a wrong key is a
 * 401 whatever it sends). Limited per club, and per address for requests without a known
 * key, counted before the key check so forged keys are limited too.
 */
export function doorEndpoints(workouts: WorkoutsService, keyring: DoorKeyring, perMinute: number) {
  return {
    doorCheckIn: defineEndpoint(endpoints.doorCheckIn, {
      credential: { kind: 'door-key', check: keyring.authenticate },
      limit: {
        max: perMinute,
        windowMs: 60_000,
        stage: 'request',
        key: ({ client }) => `door:${keyring.resolve(client.authorization) ?? `ip:${client.ip}`}`,
        refusal: rateLimited,
      },
      handle: ({ doorClubId, body }) => workouts.checkIn(doorClubId!, body),
    }),
  };
}
