import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { FreezeService } from './service.ts';

export function freezeEndpoints(freeze: FreezeService, session: Credential) {
  return {
    freezePolicy: defineEndpoint(endpoints.freezePolicy, {
      credential: session,
      handle: ({ auth }) => freeze.policy(auth),
    }),
    createFreeze: defineEndpoint(endpoints.createFreeze, {
      credential: session,
      handle: ({ auth, body }) => freeze.create(auth, body),
    }),
    updateFreeze: defineEndpoint(endpoints.updateFreeze, {
      credential: session,
      handle: ({ auth, params, body }) => freeze.update(auth, params.id, body),
    }),
    deleteFreeze: defineEndpoint(endpoints.deleteFreeze, {
      credential: session,
      handle: ({ auth, params }) => freeze.remove(auth, params.id),
    }),
  };
}
