import type { Referral, ReferralPromotion } from '@portal/contract';

/** What the member gets per friend who joins: the membership's referral entity, else the promotion's. */
export interface ReferralTerms {
  discountMonths: number;
  discountPercentage: number;
  ptHours: number;
}

export function referralTerms(referral: Referral | null, promotion: ReferralPromotion): ReferralTerms {
  return referral
    ? {
        discountMonths: referral.discount_months,
        discountPercentage: referral.discount_percentage,
        ptHours: referral.pt_hours,
      }
    : {
        discountMonths: promotion.referrer_discount_months,
        discountPercentage: promotion.referrer_discount_percentage,
        ptHours: promotion.referrer_pt_hours,
      };
}

/** Catalogue keys and values of the terms, in the order they are listed. */
export function termLines(
  terms: ReferralTerms,
  percent: (value: number) => string,
): { key: string; values: Record<string, string | number> }[] {
  const lines: { key: string; values: Record<string, string | number> }[] = [];
  if (terms.discountMonths > 0 && terms.discountPercentage >= 100)
    lines.push({ key: 'referral.terms.freeMonths', values: { count: terms.discountMonths } });
  else if (terms.discountMonths > 0 && terms.discountPercentage > 0)
    lines.push({
      key: 'referral.terms.discountMonths',
      values: { count: terms.discountMonths, percent: percent(terms.discountPercentage) },
    });
  if (terms.ptHours > 0) lines.push({ key: 'referral.terms.ptHours', values: { count: terms.ptHours } });
  return lines;
}
