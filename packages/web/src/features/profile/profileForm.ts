import type { Mobile, PhonePrefix, Profile, ProfileUpdateRequest } from '@portal/contract';
import {
  checkProfile,
  findPrefix,
  MOBILE_PREFIX_PATTERN,
  normalizeProfile,
  offeredPrefixes,
  PHONE_CODE_LENGTH,
  type ProfileIssue,
  type ProfileRuleContext,
} from '@portal/domain';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';

/** The editable part of the profile, as the form holds it. */
export interface ProfileFormValues {
  email: string;
  address: { street: string; postal_code: string; postal_location: string };
  mobile: Mobile;
}

/** The form's first values: the profile on file, with a prefix the select can show ('' when not offered). */
export function initialValues(profile: Profile, options: readonly PrefixOption[] | null): ProfileFormValues {
  const { prefix, number } = profile.mobile;
  const offered = options === null || options.some((o) => o.prefix === prefix);
  return {
    email: profile.email,
    address: {
      street: profile.address.street,
      postal_code: profile.address.postal_code,
      postal_location: profile.address.postal_location,
    },
    mobile: { prefix: offered ? prefix : '', number },
  };
}

/** "8" or "7 to 12": the digit count of the number message. */
export function digitsText(min: number, max: number, t: TFunction): string {
  return min === max ? String(max) : t('profile.issues.digitsRange', { min, max });
}

/** A domain issue as the text under its field. */
export function issueText(issue: ProfileIssue, t: TFunction): string {
  switch (issue.type) {
    case 'too_long':
      return t('profile.issues.too_long', { max: issue.maxLength });
    case 'invalid_mobile':
      return t('profile.issues.invalid_mobile', { digits: digitsText(issue.minLength, issue.maxLength, t) });
    default:
      return t(`profile.issues.${issue.type}`);
  }
}

/**
 * The form's schema for the zod resolver: the domain's profile rules (the same the server
 * applies), each issue on its field in the member's language.
 */
export function profileSchema(context: ProfileRuleContext, t: TFunction) {
  const text = z.string();
  return z
    .object({
      email: text,
      address: z.object({ street: text, postal_code: text, postal_location: text }),
      mobile: z.object({ prefix: text, number: text }),
    })
    .check(
      z.superRefine((values, ctx) => {
        for (const issue of checkProfile(values, context)) {
          ctx.addIssue({ code: 'custom', path: issue.field.split('.'), message: issueText(issue, t) });
        }
      }),
    );
}

export function codeSchema(t: TFunction) {
  return z.object({
    // Spaces a member types between the digits go before the format is checked.
    code: z.string().check(
      z.overwrite((value) => value.replace(/\s+/g, '')),
      z.regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), t('profile.verify.codeFormat')),
    ),
  });
}

/** The PATCH body: normalized, without name, birthdate and gender. */
export function updateRequest(values: ProfileFormValues, code?: string): ProfileUpdateRequest {
  const { email, address, mobile } = normalizeProfile(values);
  return { email, address, mobile, ...(code ? { verification_code: code } : {}) };
}

export interface PrefixOption {
  prefix: string;
  label: string;
}

/**
 * "Norway (+47)": the code's main country (several share +1, +7, +44 …) in the member's
 * language, or just the prefix without country names.
 */
function prefixLabel(
  entry: Pick<PhonePrefix, 'prefix' | 'countries'>,
  names: Intl.DisplayNames | null,
): string {
  const main = entry.countries?.[0];
  if (!main) return entry.prefix;
  return `${names?.of(main) ?? main} (${entry.prefix})`;
}

/**
 * The prefixes the select offers, sorted by country name in the member's language: the
 * domain's offeredPrefixes, plus a well-formed prefix on file that is not in the list.
 */
export function prefixOptions(
  prefixes: readonly PhonePrefix[],
  requirePhoneVerification: boolean,
  currentPrefix: string,
  locale: string,
): PrefixOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const offered = offeredPrefixes(prefixes, { requirePhoneVerification, currentPrefix });
  const options = offered.map((p) => ({ prefix: p.prefix, label: prefixLabel(p, names) }));
  const collator = new Intl.Collator(locale);
  options.sort((a, b) => collator.compare(a.label, b.label));
  const onFile =
    MOBILE_PREFIX_PATTERN.test(currentPrefix) &&
    !findPrefix(prefixes, currentPrefix) &&
    !requirePhoneVerification;
  return onFile ? [{ prefix: currentPrefix, label: currentPrefix }, ...options] : options;
}
