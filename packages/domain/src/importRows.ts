import type {
  ImportClub,
  ImportFreeze,
  ImportKey,
  ImportMember,
  ImportProduct,
  ImportPromotion,
  OperatorId,
} from '@portal/contract';
import { type IsoDate, minDate, todayIn, zonedInstant } from './dates.ts';
import { getOperator } from './operators/catalogue.ts';

/*
 * What a row of an import file becomes when stored (docs/import.md), as the columns of its
 * table: the server's import writes these values, its demo seed too (through the import),
 * so the defaults an import fills in (country, locale, the instants) exist once.
 * The row's id and, for a member, the password hash are the caller's.
 */

export const importedClubValues = (row: ImportClub) => ({
  operatorId: row.operator_id,
  name: row.name,
  openingDate: row.opening_date,
  closingDate: row.closing_date,
  address: {
    street: row.street,
    postal_code: row.postal_code,
    postal_location: row.postal_location,
    country: row.country ?? getOperator(row.operator_id).country,
  },
  phone: row.phone,
  email: row.email,
  openingHours: row.opening_hours,
  staffedHours: row.staffed_hours,
  capacity: row.capacity,
  visitMinutes: row.visit_minutes,
});

export const importedProductValues = (row: ImportProduct) => ({
  operatorId: row.operator_id,
  presentation: row.presentation,
  monthlyFee: row.monthly_fee,
  bindingMonths: row.binding_months,
  requirePhoneVerification: row.require_phone_verification,
  locationIds: row.club_ids,
});

export const importedPromotionValues = (row: ImportPromotion) => ({
  operatorId: row.operator_id,
  name: row.name,
  promotionType: row.promotion_type,
  referrerDiscountMonths: row.referrer_discount_months,
  referrerDiscountPercentage: row.referrer_discount_percentage,
  referrerPtHours: row.referrer_pt_hours,
  signupFee: row.signup_fee,
  status: row.status,
  presentation: row.presentation,
});

/** The ids a new member and their membership get. */
export interface MembershipIds {
  memberId: string;
  membershipId: string;
}

/** The name a member signs in with: the username, else the e-mail address. */
export const importedUsername = (row: ImportMember) => row.username ?? row.email;

/** The member's own fields (an update compares and writes these). */
export const importedMemberValues = (row: ImportMember) => {
  const operator = getOperator(row.operator_id);
  return {
    operatorId: row.operator_id,
    username: importedUsername(row),
    firstName: row.first_name,
    lastName: row.last_name,
    gender: row.gender,
    birthdate: row.birthdate,
    email: row.email,
    street: row.street,
    postalCode: row.postal_code,
    postalLocation: row.postal_location,
    country: row.country ?? operator.country,
    mobilePrefix: row.mobile_prefix,
    mobileNumber: row.mobile_number,
    locale: row.locale ?? operator.locales[0]!,
    gdprOptIn: row.gdpr_opt_in,
  };
};

/** The membership's own fields (an update compares and writes these). */
export const importedMembershipValues = (row: ImportMember) => ({
  membershipNumber: row.membership_number,
  productId: row.product_id,
  locationId: row.club_id,
  signupKind: row.signup_kind,
  beginDate: row.begin_date,
  cancelledOn: row.cancelled_on,
  endDate: row.end_date,
  stoppedOn: row.stopped_on,
  referralCode: row.referral_code,
});

/**
 * When an imported membership's contract was concluded: the morning (06:00 UTC, the same
 * day in every operator's timezone) of signed_up_on, never after now.
 */
export function importedSignupInstant(day: IsoDate, now: Date): Date {
  const morning = new Date(`${day}T06:00:00Z`);
  return morning < now ? morning : now;
}

/**
 * A new member and membership, with the columns the database would default written out
 * (no marketing consent change yet, not withdrawn, not sheltered). Without signed_up_on the
 * contract dates from its begin date, or today when it begins later.
 */
export function newImportedMember(row: ImportMember, ids: MembershipIds, passwordHash: string, now: Date) {
  const today = todayIn(getOperator(row.operator_id).timezone, now);
  const createdAt = importedSignupInstant(row.signed_up_on ?? minDate(row.begin_date, today), now);
  return {
    member: {
      id: ids.memberId,
      ...importedMemberValues(row),
      passwordHash,
      gdprUpdatedAt: null,
      createdAt,
      updatedAt: createdAt,
    },
    membership: {
      id: ids.membershipId,
      memberId: ids.memberId,
      ...importedMembershipValues(row),
      withdrawnOn: null,
      sheltered: false,
      createdAt,
    },
  };
}

/** A new key: it works from the start of its first day in the operator's timezone (never after now). */
export function newImportedKey(
  row: ImportKey,
  ids: { id: string; membershipId: string },
  operatorId: OperatorId,
  now: Date,
) {
  const from = zonedInstant(row.valid_from, '00:00', getOperator(operatorId).timezone);
  return {
    id: ids.id,
    membershipId: ids.membershipId,
    type: row.type,
    code: row.code,
    status: row.status,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    origin: 'issued' as const,
    createdAt: from < now ? from : now,
    endedAt: null,
  };
}

/** A new freeze period, not cancelled, recorded now. */
export const newImportedFreeze = (
  row: ImportFreeze,
  ids: { id: string; membershipId: string },
  now: Date,
) => ({
  id: ids.id,
  membershipId: ids.membershipId,
  beginDate: row.begin_date,
  endDate: row.end_date,
  cancelDate: null,
  createdAt: now,
});
