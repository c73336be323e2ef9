import {
  ApiError,
  type Language,
  type Mobile,
  type PhonePrefix,
  type ProfileUpdateRequest,
} from '@portal/contract';
import { languageOf } from './locale.ts';
import type { ChangeEvent } from './membershipChange.ts';
import type { OperatorSettings } from './operators/types.ts';
import {
  canChangeMobile,
  checkMobile,
  checkProfile,
  mobileChanged,
  needsPhoneVerification,
  normalizeProfile,
  type ProfileIssue,
  splitInternational,
  toE164,
} from './profile.ts';
import {
  type ChangedPart,
  changedParts,
  type ProfileRefusal,
  type ProfileRow,
  profileIssueItems,
  profileRefusalItem,
} from './profileTexts.ts';

// The profile calls' decisions (ADR 028), for the server's modules/profile/service.ts; the
// codes' storage, the SMS and the member row stay with the service.

/** The member whose profile changes, as the rules read it. */
export interface ProfileHolder<M extends ProfileRow> {
  member: M & { locale: string };
  product: { requirePhoneVerification: boolean };
  operator: OperatorSettings;
}

/** 400 naming every field the profile rules refuse, in the member's language. */
const invalidFields = (issues: readonly ProfileIssue[], language: Language, field?: string) =>
  new ApiError(400, profileIssueItems(issues, language, field));

/** A 422 of the profile, in the member's language. */
export const profileRefused = (refusal: ProfileRefusal, language: Language) =>
  new ApiError(422, [profileRefusalItem(refusal, language)]);

const rulesFor = (state: ProfileHolder<ProfileRow>, prefixes: readonly PhonePrefix[]) => ({
  prefixes,
  requirePhoneVerification: state.product.requirePhoneVerification,
  current: { prefix: state.member.mobilePrefix, number: state.member.mobileNumber },
  phoneChangeViaSupport: state.operator.phoneChangeViaSupport,
});

const viaSupport = (operator: OperatorSettings, language: Language) =>
  profileRefused({ type: 'phone_change_via_support', support_email: operator.supportEmail }, language);

/**
 * POST /v1/membership/phone_verify: where the member may change and must verify the mobile,
 * the new number checked (400 naming `body.mobile`); answers it, in E.164 too, and the event
 * the sent code is logged with (the number's last two digits only).
 */
export function phoneCodeRequest(
  state: ProfileHolder<ProfileRow>,
  prefixes: readonly PhonePrefix[],
  input: string,
): { mobile: Mobile; to: string; event: ChangeEvent } {
  const language = languageOf(state.member.locale);
  if (!canChangeMobile(state.operator)) throw viaSupport(state.operator, language);
  if (!state.product.requirePhoneVerification)
    throw profileRefused({ type: 'phone_verification_not_required' }, language);
  const mobile = splitInternational(input, prefixes);
  const issues = mobile
    ? checkMobile(mobile, rulesFor(state, prefixes))
    : [{ field: 'mobile.prefix', type: 'invalid_prefix' } as const];
  if (!mobile || issues.length > 0) throw invalidFields(issues, language, 'body.mobile');
  return {
    mobile,
    to: toE164(mobile),
    event: {
      action: 'phone_verification_sent',
      details: { prefix: mobile.prefix, number_ending: mobile.number.slice(-2) },
    },
  };
}

export interface ProfileUpdate<M> {
  /** The mobile's code to check first (E.164), when the number changes and must be verified. */
  verify: string | null;
  /** The member row as it will be saved. */
  after: M;
  /** Which parts changed; none: nothing is written. */
  changed: ChangedPart[];
  /** Which parts changed, never their values: the event log is read by support. */
  event: ChangeEvent;
}

/**
 * PATCH /v1/membership/profile: every rule of the form (400) and the support-only market
 * (422); the caller checks the code when `verify` says so, then saves `after` if anything
 * changed, logs the event and sends the confirmations.
 */
export function profileUpdate<M extends ProfileRow>(
  state: ProfileHolder<M>,
  prefixes: readonly PhonePrefix[],
  request: ProfileUpdateRequest,
): ProfileUpdate<M> {
  const { member, operator, product } = state;
  const language = languageOf(member.locale);
  const rules = rulesFor(state, prefixes);
  const next = normalizeProfile(request);
  const issues = checkProfile(next, rules);
  if (issues.length > 0) throw invalidFields(issues, language);
  if (mobileChanged(rules.current, next.mobile) && !canChangeMobile(operator))
    throw viaSupport(operator, language);
  const verify = needsPhoneVerification(rules.current, next.mobile, product.requirePhoneVerification);
  const after: M = {
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
  return {
    verify: verify ? toE164(next.mobile) : null,
    after,
    changed,
    event: { action: 'profile_updated', details: { changed, mobile_verified: verify } },
  };
}
