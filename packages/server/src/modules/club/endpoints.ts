import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { ClubService } from './service.ts';

export function clubEndpoints(club: ClubService, session: Credential) {
  return {
    locations: defineEndpoint(endpoints.locations, {
      credential: session,
      handle: ({ auth }) => club.list(auth),
    }),
    updateLocation: defineEndpoint(endpoints.updateLocation, {
      credential: session,
      handle: ({ auth, body }) => club.change(auth, body),
    }),
  };
}
