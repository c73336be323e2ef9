import type { ContactInfo } from '@portal/contract';
import { contactInfo } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { loadMembershipState } from '../membership/state.ts';

export function createContactService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    /** GET /v1/contact: customer service and the member's club (domain contactInfo). */
    async get(auth: AuthContext): Promise<ContactInfo> {
      const { operator, location, membership, today } = await loadMembershipState(db, auth, clock);
      return contactInfo(operator, location, membership.membershipNumber, today);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
