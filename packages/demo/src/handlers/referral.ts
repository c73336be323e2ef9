import { notFound } from '@portal/contract';
import { currentPromotion, hasReferral, NO_REFERRAL_MESSAGE, referralAnswer } from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { loadMembershipState } from '../membership/state.ts';

export const referralHandlers = defineHandlers({
  /** GET /v1/current_referral: the operator's newest active promotion when the status shows one. */
  currentReferral: ({ store, auth }) => {
    const { status } = loadMembershipState(store, auth.memberId);
    const promotion = hasReferral(status)
      ? currentPromotion(store.tables.referralPromotions, auth.operatorId)
      : undefined;
    const answer = referralAnswer(status, promotion);
    if (!answer) throw notFound(NO_REFERRAL_MESSAGE);
    return answer;
  },
});
