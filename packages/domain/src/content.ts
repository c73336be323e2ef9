import type { Language, MembershipStatus } from '@portal/contract';
import type { OperatorSettings } from './operators/types.ts';
import { isCancelledStatus } from './status.ts';

const LANGUAGES: readonly Language[] = ['en', 'de', 'fr', 'nb', 'fi'];

/** The catalogue language of a locale (`de-AT` → `de`), or null when we have no catalogue for it. */
export function supportedLanguage(locale: string | null | undefined): Language | null {
  const lang = locale?.slice(0, 2);
  return LANGUAGES.find((l) => l === lang) ?? null;
}

/**
 * The languages home content is looked for in, best first (docs/home-content.md): the asked
 * locale's language, else the member's stored locale's, else the operator's default; then the
 * operator's default and English, for a list that has nothing in the first.
 */
export function contentLanguages(
  asked: string | null | undefined,
  memberLocale: string | null | undefined,
  operator: Pick<OperatorSettings, 'locales'>,
): Language[] {
  const operatorDefault = supportedLanguage(operator.locales[0]) ?? 'en';
  const first = supportedLanguage(asked) ?? supportedLanguage(memberLocale) ?? operatorDefault;
  return [...new Set<Language>([first, operatorDefault, 'en'])];
}

/**
 * Whether a highlight shows to a member in `status`: one without statuses (null or empty)
 * shows to everyone, one with statuses only to members in one of them. `cancelled` in the
 * list stands for every cancelled status, as the spec treats them alike.
 */
export function highlightShowsTo(statuses: readonly string[] | null, status: MembershipStatus): boolean {
  if (!statuses || statuses.length === 0) return true;
  return statuses.some((s) => s === status || (s === 'cancelled' && isCancelledStatus(status)));
}

/**
 * A route of the portal itself: one leading slash (not `//host`, not `/\host`, which
 * browsers read as another site), no scheme, no spaces or control characters.
 */
export function isPortalRoute(url: string): boolean {
  if (!/^\/(?![/\\])[^\s\\]*$/.test(url)) return false;
  return [...url].every((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f);
}

/** An absolute https address (an operator's page, magazine, partner). */
export function isHttpsUrl(url: string): boolean {
  if (/\s/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '';
  } catch {
    return false;
  }
}
