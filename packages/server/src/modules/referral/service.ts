import type { ReferralPromotion } from '@portal/contract';
import { hasReferral, NO_REFERRAL_MESSAGE, referralAnswer } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { findActivePromotion } from '../membership/repository.ts';
import { loadMembershipState } from '../membership/state.ts';

export function createReferralService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    /**
     * GET /v1/current_referral: the operator's active promotion, 404 when it has none or the
     * membership's status has no referral (domain referralAnswer).
     */
    async current(auth: AuthContext): Promise<ReferralPromotion> {
      const { status } = await loadMembershipState(db, auth, clock);
      // The promotion is only looked up when the status could show it.
      const promotion = hasReferral(status) ? await findActivePromotion(db, auth.operatorId) : undefined;
      const answer = referralAnswer(status, promotion);
      if (!answer) throw notFound(NO_REFERRAL_MESSAGE);
      return answer;
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
