import { contactInfo } from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { loadMembershipState } from '../membership/state.ts';

export const contactHandlers = defineHandlers({
  /** GET /v1/contact: customer service and the member's club (domain contactInfo). */
  contact: ({ store, auth }) => {
    const { operator, location, membership, today } = loadMembershipState(store, auth.memberId);
    return contactInfo(operator, location, membership.membershipNumber, today);
  },
});
