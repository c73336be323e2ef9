import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { ContactService } from './service.ts';

export function contactEndpoints(contact: ContactService, session: Credential) {
  return {
    contact: defineEndpoint(endpoints.contact, {
      credential: session,
      handle: ({ auth }) => contact.get(auth),
    }),
  };
}
