import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { PublicCancellationSettings } from '../../config.ts';
import { rateLimited } from '../../http/errors.ts';
import type { PublicCancellationService } from './public-service.ts';
import type { CancellationService } from './service.ts';
import type { WithdrawalService } from './withdrawal.ts';

export interface CancellationServices {
  cancellation: CancellationService;
  publicCancellation: PublicCancellationService;
  withdrawal: WithdrawalService;
}

export function cancellationEndpoints(
  { cancellation, publicCancellation, withdrawal }: CancellationServices,
  session: Credential,
  settings: PublicCancellationSettings,
) {
  return {
    cancellationPolicy: defineEndpoint(endpoints.cancellationPolicy, {
      credential: session,
      handle: ({ auth }) => cancellation.policy(auth),
    }),
    cancel: defineEndpoint(endpoints.cancel, {
      credential: session,
      handle: ({ auth, body }) => cancellation.cancel(auth, body),
    }),
    reactivate: defineEndpoint(endpoints.reactivate, {
      credential: session,
      handle: ({ auth }) => cancellation.reactivate(auth),
    }),
    withdrawal: defineEndpoint(endpoints.withdrawal, {
      credential: session,
      handle: ({ auth }) => withdrawal.withdraw(auth),
    }),
    // Per address, counted after validation: declarations count, typos do not. The service
    // limits each identity on top (ADR 010). In Redis when REDIS_URL is set, like the others.
    publicCancellation: defineEndpoint(endpoints.publicCancellation, {
      limit: {
        max: settings.perIpPerHour,
        windowMs: 60 * 60_000,
        stage: 'handler',
        key: ({ client }) => `public-cancellation:${client.ip}`,
        refusal: rateLimited,
      },
      handle: ({ body, client, log }) => publicCancellation.submit(body, client.ip, log),
    }),
  };
}
