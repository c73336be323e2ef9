import { endpoints } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { registerEndpoint } from '../../http/route.ts';
import type { PaymentsService } from './service.ts';

export function registerPaymentsRoutes(
  app: FastifyInstance,
  payments: PaymentsService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.invoices, { requireAuth }, ({ auth }) => payments.list(auth));
  // Registered before /:id by path specificity in find-my-way, so "next" is never taken for an id.
  registerEndpoint(app, endpoints.nextInvoice, { requireAuth }, ({ auth }) => payments.next(auth));
  registerEndpoint(app, endpoints.invoice, { requireAuth }, ({ auth, params }) =>
    payments.get(auth, params.id),
  );
}
