import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint, type Limit } from '../../endpoints/table.ts';
import type { CardService } from './cards.ts';
import type { HealthInsuranceService } from './health-insurance.ts';
import type { RefundsService } from './refunds.ts';
import type { PaymentsService } from './service.ts';

export function paymentsEndpoints(payments: PaymentsService, session: Credential) {
  return {
    invoices: defineEndpoint(endpoints.invoices, {
      credential: session,
      async handle({ auth, query, url: requested, setHeader }) {
        const { invoices, next } = await payments.page(auth, query);
        if (next) {
          const url = new URL(requested, 'http://portal');
          url.searchParams.set('before', next);
          setHeader('link', `<${url.pathname}${url.search}>; rel="next"`);
        }
        return invoices;
      },
    }),
    // Before /:id by path specificity in find-my-way, so "next" is never taken for an id.
    nextInvoice: defineEndpoint(endpoints.nextInvoice, {
      credential: session,
      handle: ({ auth }) => payments.next(auth),
    }),
    invoice: defineEndpoint(endpoints.invoice, {
      credential: session,
      handle: ({ auth, params }) => payments.get(auth, params.id),
    }),
  };
}

/** Refunds of closed days and the health-insurance confirmation (docs/payments.md). */
export function refundEndpoints(
  refunds: RefundsService,
  healthInsurance: HealthInsuranceService,
  session: Credential,
) {
  return {
    refundableInvoices: defineEndpoint(endpoints.refundableInvoices, {
      credential: session,
      handle: ({ auth }) => refunds.list(auth),
    }),
    refundInvoice: defineEndpoint(endpoints.refundInvoice, {
      credential: session,
      handle: ({ auth, params }) => refunds.toCard(auth, params.id),
    }),
    manualRefundInvoice: defineEndpoint(endpoints.manualRefundInvoice, {
      credential: session,
      handle: ({ auth, params, body }) => refunds.toBankAccount(auth, params.id, body),
    }),
    healthInsuranceConfirmation: defineEndpoint(endpoints.healthInsuranceConfirmation, {
      credential: session,
      handle: ({ auth, query }) => healthInsurance.confirmation(auth, query.year),
    }),
  };
}

/**
 * The card update (ADR 009). Each url call opens a checkout and each return is checked with
 * the provider: 20 calls per member and endpoint in 15 minutes are plenty for real use.
 */
const cardLimit: Limit = {
  max: 20,
  windowMs: 15 * 60_000,
  stage: 'handler',
  key: ({ auth, client }) => auth?.memberId ?? client.ip,
};

export function cardEndpoints(cards: CardService, session: Credential) {
  const options = { credential: session, limit: cardLimit };
  return {
    dibsUrl: defineEndpoint(endpoints.dibsUrl, {
      ...options,
      handle: ({ auth, query }) => cards.dibsUrl(auth, query),
    }),
    verifoneUrl: defineEndpoint(endpoints.verifoneUrl, {
      ...options,
      handle: ({ auth, client }) => cards.verifoneUrl(auth, client.origin),
    }),
    verifoneCreditCard: defineEndpoint(endpoints.verifoneCreditCard, {
      ...options,
      handle: ({ auth, body }) => cards.registerCard(auth, body),
    }),
  };
}
