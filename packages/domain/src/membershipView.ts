import type { Key, Language, Locale, Membership, Profile } from '@portal/contract';
import { keysToday } from './access.ts';
import type { IsoDate } from './dates.ts';
import { languageOf } from './locale.ts';
import type { OperatorSettings } from './operators/types.ts';
import { type FreezeRowDates, type MembershipRowDates, membershipFacts } from './rowFacts.ts';
import { hasReferral } from './navigation.ts';
import { activatesOn, deriveStatus, scheduledFreeze } from './status.ts';
import { contractConcludedOn, withdrawalUntil } from './withdrawal.ts';

/*
 * GET /v2/membership's read model from stored rows (camelCase columns as Drizzle reads
 * them): the server's membership service assembles it here, apart from the SQL that
 * loads the rows.
 */

/** A value per language, English always there. */
export type LocalizedValue<T> = Partial<Record<Language, T>> & { en: T };

/** The language's value, else the English one. */
export function localized<T>(values: LocalizedValue<T>, language: Language): T {
  return values[language] ?? values.en;
}

/** The member's columns the contract's Profile shows. */
export interface MemberProfileRow {
  firstName: string;
  lastName: string;
  gender: Profile['gender'];
  birthdate: IsoDate | null;
  email: string;
  street: string;
  postalCode: string;
  postalLocation: string;
  country: string;
  mobilePrefix: string;
  mobileNumber: string;
  gdprOptIn: boolean;
}

/** The member's row as the contract's Profile. */
export function profileOf(member: MemberProfileRow): Profile {
  return {
    first_name: member.firstName,
    last_name: member.lastName,
    gender: member.gender,
    birthdate: member.birthdate,
    email: member.email,
    address: {
      street: member.street,
      postal_code: member.postalCode,
      postal_location: member.postalLocation,
      country: member.country,
    },
    mobile: { prefix: member.mobilePrefix, number: member.mobileNumber },
    gdpr_opt_in: member.gdprOptIn,
  };
}

export interface KeyRowFields {
  type: Key['type'];
  code: string;
  status: Key['status'];
  validFrom: IsoDate;
  validTo: IsoDate | null;
}

/** A stored key as the contract shows it. */
export function asKey(row: KeyRowFields): Key {
  return {
    type: row.type,
    code: row.code,
    status: row.status,
    valid_from: row.validFrom,
    valid_to: row.validTo,
  };
}

/** What the read model reads: the newest membership of the member with its rows. */
export interface MembershipRecord {
  member: MemberProfileRow & {
    locale: string;
    gdprUpdatedAt: Date | null;
  };
  membership: MembershipRowDates & {
    id: string;
    membershipNumber: string;
    referralCode: string | null;
    sheltered: boolean;
    createdAt: Date;
  };
  location: { id: string; name: string; openingDate: IsoDate | null; closingDate: IsoDate | null };
  product: {
    presentation: LocalizedValue<{ name: string; description: string }>;
    locationIds: string[];
    monthlyFee: number;
    bindingMonths: number;
    requirePhoneVerification: boolean;
  };
  /** By begin date, then creation. */
  freezes: FreezeRowDates[];
  /** Newest first (valid from, then creation). */
  keys: KeyRowFields[];
  /** The card not removed that was added last, if any. */
  paymentMethod: {
    id: string;
    provider: 'verifone' | 'dibs' | 'sepa';
    type: string;
    brand: string;
    details: string;
    expire: string;
  } | null;
  /** The operator's active promotion created last, if any. */
  promotion: {
    name: string;
    referrerDiscountMonths: number;
    referrerDiscountPercentage: number;
    referrerPtHours: number;
    presentation: LocalizedValue<string>;
  } | null;
}

/** The read model of GET /v2/membership; `locale` picks the language of presentations. */
export function membershipView(
  record: MembershipRecord,
  operator: OperatorSettings,
  today: IsoDate,
  locale: Locale | undefined,
): Membership {
  const { member, membership, location, product, paymentMethod: method, promotion } = record;
  const facts = membershipFacts(membership, record.freezes);
  const status = deriveStatus(facts, today);
  const scheduled = scheduledFreeze(facts, today);
  const language = languageOf(locale ?? member.locale);

  return {
    id: membership.id,
    membership_number: membership.membershipNumber,
    status,
    begin_date: membership.beginDate,
    end_date: membership.endDate,
    activates_on: activatesOn(facts, status, today),
    referral_code: membership.referralCode,
    gdpr_opt_in: member.gdprOptIn,
    gdpr_updated_at: member.gdprUpdatedAt?.toISOString() ?? null,
    sheltered: membership.sheltered,
    locale: member.locale as Locale,
    freeze_periods: facts.freeze_periods.map((f) => ({ ...f })),
    scheduled_freeze: scheduled ? { ...scheduled } : null,
    operator: {
      id: operator.id,
      name: operator.name,
      country: operator.country,
      timezone: operator.timezone,
      currency: operator.currency,
    },
    profile: profileOf(member),
    location: {
      id: location.id,
      name: location.name,
      opening_date: location.openingDate,
      closing_date: location.closingDate,
    },
    product: {
      presentation: localized(product.presentation, language),
      locations: product.locationIds,
      schedule: { monthly_fee: product.monthlyFee, binding_months: product.bindingMonths },
      require_phone_verification: product.requirePhoneVerification,
    },
    current_payment_method: method
      ? {
          id: method.id,
          provider: method.provider,
          type: method.type,
          // A direct debit has neither (docs/payments.md "SEPA direct debit").
          brand: method.provider === 'sepa' ? null : method.brand,
          details: method.details,
          expire: method.provider === 'sepa' ? null : method.expire,
        }
      : null,
    // Keys follow the membership: derived from the dated facts like the status.
    keys: keysToday(record.keys.map(asKey), facts, status, today),
    // The offer's terms; none for the statuses the referral page is hidden for.
    referral:
      promotion && hasReferral(status)
        ? {
            name: promotion.name,
            discount_months: promotion.referrerDiscountMonths,
            discount_percentage: promotion.referrerDiscountPercentage,
            pt_hours: promotion.referrerPtHours,
            presentation: localized(promotion.presentation, language),
          }
        : null,
    withdrawal_until: withdrawalUntil(
      operator,
      status,
      contractConcludedOn(membership.createdAt, operator.timezone),
      today,
    ),
  };
}
