import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint, type Limit } from '../../endpoints/table.ts';
import type { EntryService } from './service.ts';

/** Setting up and removing devices: ten calls per member in 15 minutes are plenty. */
const perMember: Limit = {
  max: 10,
  windowMs: 15 * 60_000,
  stage: 'handler',
  key: ({ auth, client }) => auth?.memberId ?? client.ip,
};

export function entryEndpoints(entry: EntryService, session: Credential) {
  return {
    createEntryDevice: defineEndpoint(endpoints.createEntryDevice, {
      credential: session,
      limit: perMember,
      handle: ({ auth, body }) => entry.create(auth, body),
    }),
    entryDevices: defineEndpoint(endpoints.entryDevices, {
      credential: session,
      handle: ({ auth }) => entry.list(auth),
    }),
    removeEntryDevice: defineEndpoint(endpoints.removeEntryDevice, {
      credential: session,
      limit: perMember,
      handle: ({ auth, params }) => entry.remove(auth, params.id),
    }),
  };
}
