import type {
  Language,
  PhonePrefix,
  PhoneVerification,
  PhoneVerifyRequest,
  Profile,
  ProfileUpdateRequest,
} from '@portal/contract';
import {
  canChangeMobile,
  changedParts,
  checkMobile,
  checkProfile,
  languageOf,
  mobileChanged,
  needsPhoneVerification,
  normalizeProfile,
  PHONE_CODE_VALIDITY_MINUTES,
  type ProfileIssue,
  type ProfileRefusal,
  prefixList,
  profileIssueItems,
  profileOf,
  profileRefusalItem,
  splitInternational,
  toE164,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';
import type { MemberRow } from '../membership/repository.ts';
import { sendCodeSms, sendProfileChangedMails } from './notifications.ts';
import * as repo from './repository.ts';
import { createPhoneCodes } from './verification.ts';

/** 400 naming every field the domain's profile rules refuse, in the member's language. */
const invalidFields = (issues: readonly ProfileIssue[], language: Language, field?: string) =>
  new ApiError(400, profileIssueItems(issues, language, field));

const refused = (refusal: ProfileRefusal, language: Language) =>
  new ApiError(422, [profileRefusalItem(refusal, language)]);

type Member = MemberRow;
/** A refused code is answered after the transaction, which commits the counted guess. */
type UpdateOutcome = { refusal: ProfileRefusal; language: Language } | { profile: Profile };

/**
 * The membership locked for a change (house rule), with the member's row locked and read
 * again: on PostgreSQL a query that waited for the membership lock still returns the
 * joined member row as it was when the query began, so a concurrent change of the mobile
 * would go unseen.
 */
async function lockForChange(tx: Tx, memberId: string, clock: AppDeps['clock']): Promise<MembershipState> {
  const state = await loadMembershipState(tx, memberId, clock, { forUpdate: true });
  const member = await repo.lockMember(tx, memberId);
  if (!member) throw notFound('No member.');
  return { ...state, member };
}

const rulesFor = (state: MembershipState, prefixes: readonly PhonePrefix[]) => ({
  prefixes,
  requirePhoneVerification: state.product.requirePhoneVerification,
  current: { prefix: state.member.mobilePrefix, number: state.member.mobileNumber },
  phoneChangeViaSupport: state.operator.phoneChangeViaSupport,
});

export function createProfileService(deps: AppDeps) {
  const { db, clock, mailer, sms } = deps;
  const codes = createPhoneCodes(deps);

  return {
    prefixes: (auth: AuthContext): Promise<PhonePrefix[]> => prefixList(auth.operatorId),

    /** POST /v1/membership/phone_verify: a six-digit code by SMS to the new number; the answer never holds it. */
    async sendCode(auth: AuthContext, request: PhoneVerifyRequest): Promise<PhoneVerification> {
      const prefixes = await prefixList(auth.operatorId);
      return db.transaction(async (tx) => {
        const state = await lockForChange(tx, auth.memberId, clock);
        const language = languageOf(state.member.locale);
        if (!canChangeMobile(state.operator)) {
          throw refused(
            { type: 'phone_change_via_support', support_email: state.operator.supportEmail },
            language,
          );
        }
        if (!state.product.requirePhoneVerification) {
          throw refused({ type: 'phone_verification_not_required' }, language);
        }
        const mobile = splitInternational(request.mobile, prefixes);
        const issues = mobile
          ? checkMobile(mobile, rulesFor(state, prefixes))
          : [{ field: 'mobile.prefix', type: 'invalid_prefix' } as const];
        if (!mobile || issues.length > 0) throw invalidFields(issues, language, 'body.mobile');

        const to = toE164(mobile);
        const { code, expiresAt } = await codes.issue(tx, state.member.id, to);
        await sendCodeSms(tx, sms, state.operator, state.member, to, code, PHONE_CODE_VALIDITY_MINUTES);
        await logMembershipChange(tx, clock, state, 'phone_verification_sent', {
          prefix: mobile.prefix,
          number_ending: mobile.number.slice(-2),
        });
        return { code: '', code_expiry: expiresAt.toISOString() };
      });
    },

    /**
     * PATCH /v1/membership/profile: re-checks every rule of the form, the support-only
     * market and the SMS code, then saves, logs and confirms in one transaction. A wrong
     * code is refused after its guess is committed.
     */
    async update(auth: AuthContext, request: ProfileUpdateRequest): Promise<Profile> {
      const prefixes = await prefixList(auth.operatorId);
      const outcome = await db.transaction(async (tx): Promise<UpdateOutcome> => {
        const state = await lockForChange(tx, auth.memberId, clock);
        const { member, operator, product } = state;
        const language = languageOf(member.locale);
        const rules = rulesFor(state, prefixes);
        const next = normalizeProfile(request);
        const issues = checkProfile(next, rules);
        if (issues.length > 0) throw invalidFields(issues, language);
        const newMobile = mobileChanged(rules.current, next.mobile);
        if (newMobile && !canChangeMobile(operator)) {
          throw refused({ type: 'phone_change_via_support', support_email: operator.supportEmail }, language);
        }
        const verify = needsPhoneVerification(rules.current, next.mobile, product.requirePhoneVerification);
        if (verify) {
          const check = await codes.check(tx, member.id, toE164(next.mobile), request.verification_code);
          if (!check.ok) return { refusal: check.refusal, language };
        }

        const after: Member = {
          ...member,
          email: next.email,
          street: next.address.street,
          postalCode: next.address.postal_code,
          postalLocation: next.address.postal_location,
          country: next.address.country ?? member.country,
          mobilePrefix: next.mobile.prefix,
          mobileNumber: next.mobile.number,
        };
        const changed = changedParts(member, after);
        if (changed.length === 0) return { profile: profileOf(member) };
        const { id: _id, ...values } = after;
        const saved =
          (await repo.updateMember(tx, member.id, { ...values, updatedAt: clock.now() })) ?? after;
        // Which parts changed, never their values: the event log is read by support.
        await logMembershipChange(tx, clock, state, 'profile_updated', { changed, mobile_verified: verify });
        await sendProfileChangedMails(tx, mailer, operator, member, saved, changed);
        return { profile: profileOf(saved) };
      });
      if ('refusal' in outcome) throw refused(outcome.refusal, outcome.language);
      return outcome.profile;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
