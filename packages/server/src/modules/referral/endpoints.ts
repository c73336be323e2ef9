import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { ReferralService } from './service.ts';

export function referralEndpoints(referral: ReferralService, session: Credential) {
  return {
    currentReferral: defineEndpoint(endpoints.currentReferral, {
      credential: session,
      handle: ({ auth }) => referral.current(auth),
    }),
  };
}
