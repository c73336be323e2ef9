import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { OccupancyService } from './service.ts';

export function occupancyEndpoints(occupancy: OccupancyService, session: Credential) {
  return {
    occupancy: defineEndpoint(endpoints.occupancy, {
      credential: session,
      handle: ({ auth, params }) => occupancy.get(auth, params.id),
    }),
  };
}
