import { endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../http/route.ts';
import { createCardService } from './cards.ts';
import { createHealthInsuranceService } from './health-insurance.ts';
import { createRefundsService } from './refunds.ts';
import { createPaymentsService, type PaymentsService } from './service.ts';

export function registerPaymentsRoutes(
  app: FastifyInstance,
  payments: PaymentsService,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(app, endpoints.invoices, { requireAuth }, async ({ auth, query, request, reply }) => {
    const { invoices, next } = await payments.page(auth, query);
    if (next) {
      const url = new URL(request.url, 'http://portal');
      url.searchParams.set('before', next);
      reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
    }
    return invoices;
  });
  // Registered before /:id by path specificity in find-my-way, so "next" is never taken for an id.
  registerEndpoint(app, endpoints.nextInvoice, { requireAuth }, ({ auth }) => payments.next(auth));
  registerEndpoint(app, endpoints.invoice, { requireAuth }, ({ auth, params }) =>
    payments.get(auth, params.id),
  );
}

/** Refunds of closed days and the health-insurance confirmation (docs/payments.md). */
export function registerRefundRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  requireAuth: preHandlerHookHandler,
) {
  const refunds = createRefundsService(deps, createPaymentsService(deps));
  const healthInsurance = createHealthInsuranceService(deps);
  registerEndpoint(app, endpoints.refundableInvoices, { requireAuth }, ({ auth }) => refunds.list(auth));
  registerEndpoint(app, endpoints.refundInvoice, { requireAuth }, ({ auth, params }) =>
    refunds.toCard(auth, params.id),
  );
  registerEndpoint(app, endpoints.manualRefundInvoice, { requireAuth }, ({ auth, params, body }) =>
    refunds.toBankAccount(auth, params.id, body),
  );
  registerEndpoint(app, endpoints.healthInsuranceConfirmation, { requireAuth }, ({ auth, query }) =>
    healthInsurance.confirmation(auth, query.year),
  );
}

/**
 * The card update (ADR 009). Each url call opens a checkout and each return is checked with
 * the provider: 20 calls per member and route in 15 minutes are plenty for real use.
 */
const cardLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '15 minutes',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.auth?.memberId ?? request.ip,
  },
};

export function registerCardRoutes(app: FastifyInstance, deps: AppDeps, requireAuth: preHandlerHookHandler) {
  const cards = createCardService(deps);
  const options = { requireAuth, config: cardLimit };
  registerEndpoint(app, endpoints.dibsUrl, options, ({ auth, query }) => cards.dibsUrl(auth, query));
  registerEndpoint(app, endpoints.verifoneUrl, options, ({ auth, request }) =>
    cards.verifoneUrl(auth, `${request.protocol}://${request.host}`),
  );
  registerEndpoint(app, endpoints.verifoneCreditCard, options, ({ auth, body }) =>
    cards.registerCard(auth, body),
  );
}
