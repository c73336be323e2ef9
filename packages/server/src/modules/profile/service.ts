import type {
  Language,
  PhonePrefix,
  PhoneVerification,
  PhoneVerifyRequest,
  Profile,
  ProfileUpdateRequest,
} from '@portal/contract';
import {
  languageOf,
  PHONE_CODE_VALIDITY_MINUTES,
  type ProfileRefusal,
  phoneCodeRequest,
  prefixList,
  profileOf,
  profileRefused,
  profileUpdate,
} from '@portal/domain';
import type { Tx } from '../../db/executor.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';
import { sendCodeSms, sendProfileChangedMails } from './notifications.ts';
import * as repo from './repository.ts';
import { createPhoneCodes } from './verification.ts';

/** A refused code is answered after the transaction, which commits the counted guess. */
type UpdateOutcome = { refusal: ProfileRefusal; language: Language } | { profile: Profile };

/**
 * The membership locked for a change (house rule), with the member's row locked and read
 * again: on PostgreSQL a query that waited for the membership lock still returns the
 * joined member row as it was when the query began, so a concurrent change of the mobile
 * would go unseen.
 */
async function lockForChange(tx: Tx, auth: AuthContext, clock: AppDeps['clock']): Promise<MembershipState> {
  const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
  const member = await repo.lockMember(tx, auth.memberId);
  if (!member) throw notFound('No member.');
  // The texts in the request's language, as loadMembershipState chose it.
  return { ...state, member: { ...member, locale: state.member.locale } };
}

export function createProfileService(deps: AppDeps) {
  const { db, clock, mailer, sms } = deps;
  const codes = createPhoneCodes(deps);

  return {
    prefixes: (auth: AuthContext): Promise<PhonePrefix[]> => prefixList(auth.operatorId),

    /** POST /v1/membership/phone_verify: a six-digit code by SMS to the new number; the answer never holds it. */
    async sendCode(auth: AuthContext, request: PhoneVerifyRequest): Promise<PhoneVerification> {
      const prefixes = await prefixList(auth.operatorId);
      return db.transaction(async (tx) => {
        const state = await lockForChange(tx, auth, clock);
        const { to, event } = phoneCodeRequest(state, prefixes, request.mobile);
        const { code, expiresAt } = await codes.issue(tx, state.member.id, to);
        await sendCodeSms(tx, sms, state.operator, state.member, to, code, PHONE_CODE_VALIDITY_MINUTES);
        await logMembershipChange(tx, clock, state, event.action, event.details);
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
        const state = await lockForChange(tx, auth, clock);
        const { member, operator } = state;
        const update = profileUpdate(state, prefixes, request);
        if (update.verify) {
          const check = await codes.check(tx, member.id, update.verify, request.verification_code);
          if (!check.ok) return { refusal: check.refusal, language: languageOf(member.locale) };
        }
        if (update.changed.length === 0) return { profile: profileOf(member) };
        // The stored locale is not the profile's to change (`member.locale` is the request's).
        const { id: _id, locale: _locale, ...values } = update.after;
        const saved =
          (await repo.updateMember(tx, member.id, { ...values, updatedAt: clock.now() })) ?? update.after;
        await logMembershipChange(tx, clock, state, update.event.action, update.event.details);
        await sendProfileChangedMails(
          tx,
          mailer,
          operator,
          member,
          { ...saved, locale: member.locale },
          update.changed,
        );
        return { profile: profileOf(saved) };
      });
      if ('refusal' in outcome) throw profileRefused(outcome.refusal, outcome.language);
      return outcome.profile;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
