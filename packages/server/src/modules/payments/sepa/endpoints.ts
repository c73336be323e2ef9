import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint, type Limit } from '../../../endpoints/table.ts';
import type { SepaService } from './service.ts';

/** A bank account change checks a password: 20 calls per member in 15 minutes, like the card update. */
const sepaLimit: Limit = {
  max: 20,
  windowMs: 15 * 60_000,
  stage: 'handler',
  key: ({ auth, client }) => auth?.memberId ?? client.ip,
};

/** SEPA direct debit's mandate (docs/payments.md "SEPA direct debit"). */
export function sepaEndpoints(sepa: SepaService, session: Credential) {
  return {
    sepaMandate: defineEndpoint(endpoints.sepaMandate, {
      credential: session,
      handle: ({ auth }) => sepa.get(auth),
    }),
    changeSepaMandate: defineEndpoint(endpoints.changeSepaMandate, {
      credential: session,
      limit: sepaLimit,
      handle: ({ auth, body }) => sepa.change(auth, body),
    }),
  };
}
