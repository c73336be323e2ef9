import { type Mobile, PROFILE_MAX_LENGTH, type PhonePrefix } from '@portal/contract';
import type { OperatorSettings } from './operators/types.ts';

/*
 * The profile rules (docs/profile-and-phone.md), applied by the portal's form (for comfort) and by
 * the server (the law): required fields, e-mail lowercased, spaces removed from the mobile
 * number, the number valid for its prefix, which prefixes are offered, and when a change
 * of the mobile needs an SMS code.
 */

/** Without a known prefix a number has 7 to 12 digits. */
export const DEFAULT_MOBILE_LENGTH = { min: 7, max: 12 } as const;

/** The SMS code: six digits, valid one hour (ADR 007). */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_VALIDITY_MINUTES = 60;

/**
 * Limits that keep a six-digit code from being guessed (ADR 007): a code dies after
 * `guessesPerCode` wrong tries, and a number (or a member) gets only so many codes an hour.
 * At most 3 × 5 = 15 guesses an hour at one number: a chance of 1 in 66,000.
 */
export const phoneVerificationLimits = {
  guessesPerCode: 5,
  sendsPerNumberPerHour: 3,
  sendsPerMemberPerHour: 5,
} as const;

/** A prefix is a plus sign followed by a country calling code. */
export const MOBILE_PREFIX_PATTERN = /^\+[1-9]\d{0,3}$/;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail as stored: trimmed and lowercased (when the field is left, and on the server). */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The mobile number as stored: without spaces. */
export function normalizeMobileNumber(raw: string): string {
  return raw.replace(/\s+/g, '');
}

export function normalizeMobile(mobile: Mobile): Mobile {
  return { prefix: mobile.prefix.trim(), number: normalizeMobileNumber(mobile.number) };
}

/** The number in international form, e.g. +4791234567. */
export function toE164(mobile: Mobile): string {
  const { prefix, number } = normalizeMobile(mobile);
  return `${prefix}${number}`;
}

export function findPrefix(prefixes: readonly PhonePrefix[], prefix: string): PhonePrefix | undefined {
  return prefixes.find((p) => p.prefix === prefix.trim());
}

/**
 * Splits an international number (`+47 912 34 567`) into a prefix of the list and the
 * national number. Calling codes are a prefix code (none begins another), so at most one
 * entry matches.
 */
export function splitInternational(value: string, prefixes: readonly PhonePrefix[]): Mobile | null {
  const compact = normalizeMobileNumber(value);
  if (!/^\+\d+$/.test(compact)) return null;
  for (let end = 2; end <= Math.min(5, compact.length - 1); end++) {
    const entry = findPrefix(prefixes, compact.slice(0, end));
    if (entry) return { prefix: entry.prefix, number: compact.slice(end) };
  }
  return null;
}

const compiled = new Map<string, RegExp | null>();
/** The validator as a whole-string regular expression; null when it is not a valid one. */
function validatorRegExp(source: string): RegExp | null {
  let re = compiled.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(`^(?:${source})$`);
    } catch {
      re = null;
    }
    compiled.set(source, re);
  }
  return re;
}

/** Whether a number is valid, and the digit count the message states when it is not. */
export interface MobileNumberCheck {
  valid: boolean;
  /** Equal to maxLength where the number has exactly one length. */
  minLength: number;
  maxLength: number;
}

/**
 * Checks a national mobile number (spaces removed) against its prefix's entry: digits only,
 * matching the entry's validator; without a known entry (or a usable validator), 7 to 12
 * digits.
 */
export function checkMobileNumber(number: string, entry: PhonePrefix | undefined): MobileNumberCheck {
  const digits = normalizeMobileNumber(number);
  const re = entry ? validatorRegExp(entry.validator) : null;
  if (!entry || !re) {
    const { min, max } = DEFAULT_MOBILE_LENGTH;
    const valid = /^\d+$/.test(digits) && digits.length >= min && digits.length <= max;
    return { valid, minLength: min, maxLength: max };
  }
  const maxLength = entry.length;
  const minLength = Math.min(entry.min_length ?? maxLength, maxLength);
  return { valid: /^\d+$/.test(digits) && re.test(digits), minLength, maxLength };
}

/**
 * The prefixes the form offers: where the product requires phone verification only the
 * whitelisted ones (plus the member's current prefix, so a number on file stays selectable),
 * otherwise all.
 */
export function offeredPrefixes(
  prefixes: readonly PhonePrefix[],
  options: { requirePhoneVerification: boolean; currentPrefix?: string },
): PhonePrefix[] {
  if (!options.requirePhoneVerification) return [...prefixes];
  const current = options.currentPrefix?.trim();
  return prefixes.filter((p) => p.whitelisted || p.prefix === current);
}

export function mobileChanged(current: Mobile, next: Mobile): boolean {
  return toE164(current) !== toE164(next);
}

/** A changed prefix or number needs an SMS code where the product requires verification. */
export function needsPhoneVerification(
  current: Mobile,
  next: Mobile,
  requirePhoneVerification: boolean,
): boolean {
  return requirePhoneVerification && mobileChanged(current, next);
}

/** In the market where a phone change goes through support, the member cannot change it. */
export function canChangeMobile(operator: Pick<OperatorSettings, 'phoneChangeViaSupport'>): boolean {
  return !operator.phoneChangeViaSupport;
}

/** The fields of the profile form, as the server's error body names them (without `body.`). */
export type ProfileField =
  | 'email'
  | 'address.street'
  | 'address.postal_code'
  | 'address.postal_location'
  | 'mobile.prefix'
  | 'mobile.number';

export type ProfileIssue =
  | { field: ProfileField; type: 'required' }
  | { field: ProfileField; type: 'too_long'; maxLength: number }
  | { field: 'email'; type: 'invalid_email' }
  /** Not a plus sign and digits, or (where numbers are verified) a prefix not offered. */
  | { field: 'mobile.prefix'; type: 'invalid_prefix' }
  /** "The number must have N digits and be a valid mobile number." */
  | { field: 'mobile.number'; type: 'invalid_mobile'; minLength: number; maxLength: number };

export interface ProfileInput {
  email: string;
  address: { street: string; postal_code: string; postal_location: string };
  mobile: Mobile;
}

export interface ProfileRuleContext {
  /** The prefix list (GET /v1/prefix/list) with the operator's whitelist. */
  prefixes: readonly PhonePrefix[];
  requirePhoneVerification: boolean;
  /** The mobile on file. */
  current: Mobile;
  /** Where changes go through support the mobile is not the member's to fix. */
  phoneChangeViaSupport: boolean;
}

/** The profile as saved: e-mail trimmed and lowercased, texts trimmed, number without spaces. */
export function normalizeProfile<T extends ProfileInput>(input: T): T {
  return {
    ...input,
    email: normalizeEmail(input.email),
    address: {
      ...input.address,
      street: input.address.street.trim(),
      postal_code: input.address.postal_code.trim(),
      postal_location: input.address.postal_location.trim(),
    },
    mobile: normalizeMobile(input.mobile),
  };
}

function textIssue(field: ProfileField, value: string, maxLength: number): ProfileIssue | null {
  if (value === '') return { field, type: 'required' };
  if (value.length > maxLength) return { field, type: 'too_long', maxLength };
  return null;
}

/**
 * Every rule of the profile form, on the normalized input; an empty list means it may be
 * saved. The mobile is checked unless it goes through support: a plus sign and digits as
 * prefix (one the form offers where numbers are verified) and a valid mobile number for it.
 */
export function checkProfile(raw: ProfileInput, context: ProfileRuleContext): ProfileIssue[] {
  const input = normalizeProfile(raw);
  const issues: (ProfileIssue | null)[] = [
    textIssue('email', input.email, PROFILE_MAX_LENGTH.email),
    textIssue('address.street', input.address.street, PROFILE_MAX_LENGTH.street),
    textIssue('address.postal_code', input.address.postal_code, PROFILE_MAX_LENGTH.postal_code),
    textIssue('address.postal_location', input.address.postal_location, PROFILE_MAX_LENGTH.postal_location),
  ];
  if (issues[0] === null && !EMAIL_PATTERN.test(input.email))
    issues[0] = { field: 'email', type: 'invalid_email' };
  if (!context.phoneChangeViaSupport) issues.push(...checkMobile(input.mobile, context));
  return issues.filter((i): i is ProfileIssue => i !== null);
}

/**
 * The mobile's rules (on a normalized mobile): a plus sign and digits as prefix, one the
 * form offers where numbers are verified, and a valid mobile number for it.
 */
export function checkMobile(
  mobile: Mobile,
  context: Omit<ProfileRuleContext, 'phoneChangeViaSupport'>,
): ProfileIssue[] {
  const issues: ProfileIssue[] = [];
  const offered = offeredPrefixes(context.prefixes, {
    requirePhoneVerification: context.requirePhoneVerification,
    currentPrefix: context.current.prefix,
  });
  if (mobile.prefix === '') issues.push({ field: 'mobile.prefix', type: 'required' });
  else if (
    !MOBILE_PREFIX_PATTERN.test(mobile.prefix) ||
    (context.requirePhoneVerification && !findPrefix(offered, mobile.prefix))
  ) {
    issues.push({ field: 'mobile.prefix', type: 'invalid_prefix' });
  }
  if (mobile.number === '') {
    issues.push({ field: 'mobile.number', type: 'required' });
    return issues;
  }
  // An unknown prefix (allowed where numbers are not verified) has the default 7 to 12 digits.
  const check = checkMobileNumber(mobile.number, findPrefix(context.prefixes, mobile.prefix));
  if (!check.valid) {
    issues.push({
      field: 'mobile.number',
      type: 'invalid_mobile',
      minLength: check.minLength,
      maxLength: check.maxLength,
    });
  }
  return issues;
}
