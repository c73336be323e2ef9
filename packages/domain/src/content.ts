import type { ArticleTeaser, Highlight, HomeContent, Language, MembershipStatus } from '@portal/contract';
import type { IsoDate } from './dates.ts';
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
 * list stands for every cancelled status, as the portal treats them alike.
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

/**
 * Whether a stored highlight or article is shown on `today`: no valid_from or one not
 * after it, no valid_until or one not before it. (The server asks its database with this
 * rule in SQL, content/repository.ts.)
 */
export function contentValidOn(
  row: { validFrom: IsoDate | null; validUntil: IsoDate | null },
  today: IsoDate,
) {
  return (
    (row.validFrom === null || row.validFrom <= today) && (row.validUntil === null || row.validUntil >= today)
  );
}

/** A stored highlight as the home content reads it. */
export interface HighlightRow {
  id: string;
  language: Language;
  type: string;
  title: string;
  content: string;
  statuses: string[] | null;
  externalUrl: string | null;
  internalUrl: string | null;
}

/** A stored article teaser as the home content reads it. */
export interface ArticleRow {
  id: string;
  language: Language;
  imageUrl: string;
  title: string;
  body: string;
  link: string;
}

/** What could not be shown as stored: a highlight's link, a whole article (the server logs these). */
export interface ContentLeftOut {
  highlights: string[];
  articles: string[];
}

/** The rows of the first language in `languages` that has any, so one list is never a mix. */
function inFirstLanguage<T extends { language: Language }>(rows: readonly T[], languages: Language[]): T[] {
  const language = languages.find((l) => rows.some((r) => r.language === l));
  return rows.filter((r) => r.language === language);
}

/**
 * GET /v1/content from the operator's rows valid today, in order (docs/home-content.md):
 * one language per list (the first of `languages` that has any), the highlights the
 * member's status may see; a stored link that is not a portal route or an https address
 * is left out (an article without a usable link or image is left out whole).
 */
export function homeContent(
  highlightRows: readonly HighlightRow[],
  articleRows: readonly ArticleRow[],
  languages: Language[],
  status: MembershipStatus,
): { content: HomeContent; leftOut: ContentLeftOut } {
  const leftOut: ContentLeftOut = { highlights: [], articles: [] };
  const highlights = inFirstLanguage(highlightRows, languages)
    .filter((row) => highlightShowsTo(row.statuses, status))
    .map((row): Highlight => {
      const internal = row.internalUrl && isPortalRoute(row.internalUrl) ? row.internalUrl : null;
      const external = row.externalUrl && isHttpsUrl(row.externalUrl) ? row.externalUrl : null;
      if (internal !== row.internalUrl || external !== row.externalUrl) leftOut.highlights.push(row.id);
      return {
        type: row.type,
        title: row.title,
        content: row.content,
        ...(row.statuses && row.statuses.length > 0 ? { statuses: [...row.statuses] } : {}),
        ...(external ? { external_url: external } : {}),
        ...(internal ? { internal_url: internal } : {}),
      };
    });
  const articles = inFirstLanguage(articleRows, languages).flatMap((row): ArticleTeaser[] => {
    const usable = isPortalRoute(row.imageUrl) && (isPortalRoute(row.link) || isHttpsUrl(row.link));
    if (!usable) {
      leftOut.articles.push(row.id);
      return [];
    }
    return [{ imageURL: row.imageUrl, title: row.title, body: row.body, link: row.link }];
  });
  return { content: { highlights, articles }, leftOut };
}
