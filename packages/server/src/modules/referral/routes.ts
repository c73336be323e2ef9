import { endpoints, type ReferralPromotion } from '@portal/contract';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { registerEndpoint } from '../../http/route.ts';
import { findActivePromotion } from '../membership/repository.ts';

/** GET /v1/current_referral: the member's operator's active promotion, 404 when it has none. */
export function registerReferralRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  requireAuth: preHandlerHookHandler,
) {
  registerEndpoint(
    app,
    endpoints.currentReferral,
    { requireAuth },
    async ({ auth }): Promise<ReferralPromotion> => {
      const promotion = await findActivePromotion(deps.db, auth.operatorId);
      if (!promotion) throw notFound('No referral promotion.');
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
  );
}
