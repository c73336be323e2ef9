import type { ContactInfo } from '@portal/contract';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { loadMembershipState } from '../membership/state.ts';

export function createContactService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    /**
     * GET /v1/contact: the operator's customer service (operator catalogue) and the member's
     * own club, with the membership number to quote. A club closed for good has no one to
     * reach any more, so it is left out (null).
     */
    async get(auth: AuthContext): Promise<ContactInfo> {
      const { operator, location, membership, today } = await loadMembershipState(db, auth.memberId, clock);
      const closed = location.closingDate !== null && location.closingDate < today;
      const { street, postal_code, postal_location } = location.address;
      return {
        operator: {
          name: operator.name,
          phone: operator.supportPhone,
          email: operator.supportEmail,
          address_lines: [...operator.addressLines],
          service_hours: operator.supportHours,
        },
        club: closed
          ? null
          : {
              id: location.id,
              name: location.name,
              phone: location.phone,
              email: location.email,
              address_lines: [street, `${postal_code} ${postal_location}`],
              opening_hours: location.openingHours,
              staffed_hours: location.staffedHours,
            },
        membership_number: membership.membershipNumber,
      };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
