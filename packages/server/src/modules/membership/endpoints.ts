import { endpoints } from '@portal/contract';
import { defineEndpoint } from '../../endpoints/table.ts';
import { sessionCredentialWith } from '../auth/endpoints.ts';
import type { AuthService } from '../auth/service.ts';
import type { MembershipService } from './service.ts';

export function membershipEndpoints(membership: MembershipService, auth: AuthService) {
  return {
    // The busiest read: its session check and read model are one query (docs/performance.md).
    membership: defineEndpoint(endpoints.membership, {
      credential: sessionCredentialWith(auth, membership.readWithSession),
      handle: ({ query, read, auth }) => membership.present(read, query.locale, auth),
    }),
  };
}
