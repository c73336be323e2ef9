import type { Language, Locale, Membership, OperatorId } from '@portal/contract';
import {
  contractConcludedOn,
  hasReferral,
  keysToday,
  languageOf,
  scheduledFreeze,
  withdrawalUntil,
} from '@portal/domain';
import type { Localized } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { asKey } from '../access/keys.ts';
import { profileOf } from '../profile/read.ts';
import { membershipFacts, statusOf, todayFor } from './facts.ts';
import * as repo from './repository.ts';

export function localized<T>(values: Localized<T>, language: Language): T {
  return values[language] ?? values.en;
}

export function createMembershipService(deps: AppDeps) {
  const { db, clock } = deps;
  const sessionReadModel = repo.prepareSessionReadModel(db);

  return {
    /** The session of a token hash and its member's read model, in one query (null: no live session). */
    readWithSession: sessionReadModel,

    /** GET /v2/membership from what readWithSession read; `locale` picks the language of presentations. */
    present(record: ReadModelRecord | undefined, locale: Locale | undefined): Membership {
      if (!record) throw notFound('No membership.');
      const { member, membership, location, product, freezes, keys: keyRows } = record;
      const { paymentMethod: method, promotion } = record;
      const { operator, today } = todayFor(member.operatorId as OperatorId, clock);
      const facts = membershipFacts(membership, freezes);
      const { status, activates_on } = statusOf(facts, today);
      const scheduled = scheduledFreeze(facts, today);
      const language = languageOf(locale ?? member.locale);

      return {
        id: membership.id,
        membership_number: membership.membershipNumber,
        status,
        begin_date: membership.beginDate,
        end_date: membership.endDate,
        activates_on,
        referral_code: membership.referralCode,
        gdpr_opt_in: member.gdprOptIn,
        gdpr_updated_at: member.gdprUpdatedAt?.toISOString() ?? null,
        sheltered: membership.sheltered,
        locale: member.locale,
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
              brand: method.brand,
              details: method.details,
              expire: method.expire,
            }
          : null,
        // Keys follow the membership: derived from the dated facts like the status.
        keys: keysToday(keyRows.map(asKey), facts, status, today),
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
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
type ReadModelRecord = NonNullable<
  Awaited<ReturnType<ReturnType<typeof repo.prepareSessionReadModel>>>
>['data'];
