import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint, type Limit } from '../../endpoints/table.ts';
import type { PayNowService } from './pay-now.ts';

/**
 * Paying an open invoice now (docs/payments.md, "Paying an open invoice"). Each pay call
 * opens a checkout and each return is checked with the provider, like the card update's.
 */
const payLimit: Limit = {
  max: 20,
  windowMs: 15 * 60_000,
  stage: 'handler',
  key: ({ auth, client }) => auth?.memberId ?? client.ip,
};

export function payNowEndpoints(payNow: PayNowService, session: Credential) {
  const options = { credential: session, limit: payLimit };
  return {
    payInvoice: defineEndpoint(endpoints.payInvoice, {
      ...options,
      handle: ({ auth, params, client }) => payNow.start(auth, params.id, client.origin),
    }),
    invoicePaymentReturn: defineEndpoint(endpoints.invoicePaymentReturn, {
      ...options,
      handle: ({ auth, params, body }) => payNow.finish(auth, params.id, body),
    }),
  };
}
