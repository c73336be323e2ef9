import type { ArticleTeaser, Highlight, HomeContent, Language, Locale } from '@portal/contract';
import { contentLanguages, highlightShowsTo, isHttpsUrl, isPortalRoute } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { loadMembershipState } from '../membership/state.ts';
import * as repo from './repository.ts';

/** Where a stored row that cannot be shown as it is gets reported (the request's logger). */
export interface ContentWarnings {
  warn(details: object, message: string): void;
}

/** The rows of the first language in `languages` that has any, so one list is never a mix. */
function inFirstLanguage<T extends { language: Language }>(rows: T[], languages: Language[]): T[] {
  const language = languages.find((l) => rows.some((r) => r.language === l));
  return rows.filter((r) => r.language === language);
}

export function createContentService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    /**
     * GET /v1/content: the operator's highlights and article teasers valid today, in one
     * language (docs/home-content.md), the highlights filtered by the member's derived
     * status. A stored link that is not a portal route or an https address is left out
     * (an article without a usable link or image is left out whole) and logged.
     */
    async home(auth: AuthContext, locale: Locale | undefined, log?: ContentWarnings): Promise<HomeContent> {
      const { member, operator, today, status } = await loadMembershipState(db, auth.memberId, clock);
      const languages = contentLanguages(locale, member.locale, operator);
      const [highlightRows, articleRows] = await Promise.all([
        repo.listHighlights(db, operator.id, languages, today),
        repo.listArticles(db, operator.id, languages, today),
      ]);

      const highlights = inFirstLanguage(highlightRows, languages)
        .filter((row) => highlightShowsTo(row.statuses, status))
        .map((row): Highlight => {
          const internal = row.internalUrl && isPortalRoute(row.internalUrl) ? row.internalUrl : null;
          const external = row.externalUrl && isHttpsUrl(row.externalUrl) ? row.externalUrl : null;
          if (internal !== row.internalUrl || external !== row.externalUrl)
            log?.warn({ highlight: row.id }, 'highlight link left out: not a portal route or https address');
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
          log?.warn(
            { article: row.id },
            'article left out: image or link not a portal path or https address',
          );
          return [];
        }
        return [{ imageURL: row.imageUrl, title: row.title, body: row.body, link: row.link }];
      });

      return { highlights, articles };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
