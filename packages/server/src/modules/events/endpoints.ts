import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { EventsService } from './service.ts';

export function eventsEndpoints(events: EventsService, session: Credential) {
  return {
    logEvent: defineEndpoint(endpoints.logEvent, {
      credential: session,
      handle: ({ auth, body }) => events.log(auth, body),
    }),
  };
}
