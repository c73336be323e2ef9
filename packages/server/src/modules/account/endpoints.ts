import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { DataExportService } from './data-export.ts';
import type { PasswordService } from './password.ts';
import type { SessionsService } from './sessions.ts';

export interface AccountServices {
  password: PasswordService;
  dataExport: DataExportService;
  sessions: SessionsService;
}

export function accountEndpoints(services: AccountServices, session: Credential) {
  return {
    changePassword: defineEndpoint(endpoints.changePassword, {
      credential: session,
      handle: ({ auth, body }) => services.password.change(auth, body),
    }),
    sessions: defineEndpoint(endpoints.sessions, {
      credential: session,
      handle: ({ auth }) => services.sessions.list(auth),
    }),
    endSession: defineEndpoint(endpoints.endSession, {
      credential: session,
      handle: ({ auth, params }) => services.sessions.end(auth, params.id),
    }),
    endOtherSessions: defineEndpoint(endpoints.endOtherSessions, {
      credential: session,
      handle: ({ auth }) => services.sessions.endOthers(auth),
    }),
    exportData: defineEndpoint(endpoints.exportData, {
      credential: session,
      async handle({ auth, setHeader }) {
        const { fileName, data } = await services.dataExport.export(auth);
        setHeader('content-disposition', `attachment; filename="${fileName}"`);
        setHeader('cache-control', 'no-store');
        return data;
      },
    }),
  };
}
