import type { ReferralPromotion } from '@portal/contract';
import { hasReferral } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { findActivePromotion } from '../membership/repository.ts';
import { loadMembershipState } from '../membership/state.ts';

export function createReferralService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    /**
     * GET /v1/current_referral: the operator's active promotion, 404 when it has none or the
     * membership's status has no referral (in_trial, presale, cancelled variants, stopped).
     */
    async current(auth: AuthContext): Promise<ReferralPromotion> {
      const { status } = await loadMembershipState(db, auth.memberId, clock);
      const promotion = hasReferral(status) ? await findActivePromotion(db, auth.operatorId) : undefined;
      if (!promotion) throw notFound('No current referral promotion for this membership.');
      return {
        name: promotion.name,
        promotion_type: promotion.promotionType,
        referrer_discount_months: promotion.referrerDiscountMonths,
        referrer_discount_percentage: promotion.referrerDiscountPercentage,
        referrer_pt_hours: promotion.referrerPtHours,
        signup_fee: promotion.signupFee,
        status: promotion.status,
      };
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
