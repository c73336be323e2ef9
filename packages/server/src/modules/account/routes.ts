import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { DataExportService } from './data-export.ts';
import type { PasswordService } from './password.ts';
import type { SessionsService } from './sessions.ts';

export function registerAccountRoutes(
  app: FastifyInstance,
  services: { password: PasswordService; dataExport: DataExportService; sessions: SessionsService },
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.changePassword, { requireAuth }, ({ auth, body }) =>
    services.password.change(auth, body),
  );
  registerEndpoint(app, endpoints.sessions, { requireAuth }, ({ auth }) => services.sessions.list(auth));
  registerEndpoint(app, endpoints.endSession, { requireAuth }, ({ auth, params }) =>
    services.sessions.end(auth, params.id),
  );
  registerEndpoint(app, endpoints.endOtherSessions, { requireAuth }, ({ auth }) =>
    services.sessions.endOthers(auth),
  );
  registerEndpoint(app, endpoints.exportData, { requireAuth }, async ({ auth, reply }) => {
    const { fileName, data } = await services.dataExport.export(auth);
    reply
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store');
    return data;
  });
}
