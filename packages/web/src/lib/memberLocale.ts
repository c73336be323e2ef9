import type { Locale } from '@portal/contract';
import type { OperatorSettings } from '@portal/domain';
import { hasChosenLocale } from './i18n.ts';
import { STORAGE_KEYS, writeStorage } from './storage.ts';

// The signed-in shell's part of the member's language (docs/architecture.md, "The member's
// language"): apart from i18n.ts, so that the login page does not load it.

/**
 * The member's stored language when the signed-in app should switch to it (they chose none in
 * this browser, the operator offers it, another is in use), else null.
 */
export function memberLocaleToAdopt(
  operator: OperatorSettings,
  memberLocale: Locale,
  current: Locale,
): Locale | null {
  const adopt = operator.locales.includes(memberLocale) && !hasChosenLocale(operator);
  return adopt && memberLocale !== current ? memberLocale : null;
}

/** Keeps the member's stored language for the next signed-in page load here (`initialLocale`). */
export function rememberMemberLocale(operator: OperatorSettings, memberLocale: Locale): void {
  if (operator.locales.includes(memberLocale)) writeStorage(STORAGE_KEYS.memberLocale, memberLocale);
}
