import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { PtService } from './service.ts';

export function ptEndpoints(pt: PtService, session: Credential) {
  return {
    ptWidgetSession: defineEndpoint(endpoints.ptWidgetSession, {
      credential: session,
      handle: ({ auth, body }) => pt.widgetSession(auth, body.widget),
    }),
  };
}
