import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { ConsentsService } from './service.ts';

export function consentsEndpoints(consents: ConsentsService, session: Credential) {
  return {
    updateGdpr: defineEndpoint(endpoints.updateGdpr, {
      credential: session,
      handle: ({ auth, body }) => consents.setMarketing(auth, body),
    }),
  };
}
