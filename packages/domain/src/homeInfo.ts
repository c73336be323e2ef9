import type { ContactInfo, MembershipStatus, ReferralPromotion, WeeklyHours } from '@portal/contract';
import type { IsoDate } from './dates.ts';
import { hasReferral } from './navigation.ts';
import type { OperatorSettings } from './operators/types.ts';

// GET /v1/contact and GET /v1/current_referral from the stored rows: the server's services
// answer with these.

/** The member's club as stored (locations row). */
export interface ContactClub {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  closingDate: IsoDate | null;
  address: { street: string; postal_code: string; postal_location: string };
  openingHours: WeeklyHours;
  staffedHours: WeeklyHours;
}

/**
 * The operator's customer service (operator catalogue) and the member's own club, with the
 * membership number to quote. A club closed for good has no one to reach any more, so it
 * is left out (null).
 */
export function contactInfo(
  operator: OperatorSettings,
  club: ContactClub,
  membershipNumber: string,
  today: IsoDate,
): ContactInfo {
  const closed = club.closingDate !== null && club.closingDate < today;
  const { street, postal_code, postal_location } = club.address;
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
          id: club.id,
          name: club.name,
          phone: club.phone,
          email: club.email,
          address_lines: [street, `${postal_code} ${postal_location}`],
          opening_hours: club.openingHours,
          staffed_hours: club.staffedHours,
        },
    membership_number: membershipNumber,
  };
}

/** A stored referral promotion (referral_promotions row). */
export interface PromotionRow {
  operatorId: string;
  name: string;
  promotionType: string;
  referrerDiscountMonths: number;
  referrerDiscountPercentage: number;
  referrerPtHours: number;
  signupFee: number;
  status: string;
  createdAt: Date;
}

/** 404 text of GET /v1/current_referral. */
export const NO_REFERRAL_MESSAGE = 'No current referral promotion for this membership.';

/**
 * The operator's current promotion: its newest active one (the server asks its database
 * with this rule in SQL, membership/repository.ts findActivePromotion).
 */
export function currentPromotion<P extends PromotionRow>(
  rows: readonly P[],
  operatorId: string,
): P | undefined {
  let newest: P | undefined;
  for (const row of rows) {
    if (row.operatorId !== operatorId || row.status !== 'active') continue;
    if (!newest || row.createdAt > newest.createdAt) newest = row;
  }
  return newest;
}

/**
 * GET /v1/current_referral: the promotion, or null (a 404) when the operator has none or
 * the membership's status has no referral (in_trial, presale, cancelled variants, stopped).
 */
export function referralAnswer(
  status: MembershipStatus,
  promotion: PromotionRow | undefined,
): ReferralPromotion | null {
  if (!hasReferral(status) || !promotion) return null;
  return {
    name: promotion.name,
    promotion_type: promotion.promotionType,
    referrer_discount_months: promotion.referrerDiscountMonths,
    referrer_discount_percentage: promotion.referrerDiscountPercentage,
    referrer_pt_hours: promotion.referrerPtHours,
    signup_fee: promotion.signupFee,
    status: promotion.status,
  };
}
