import type { HomeContent, Locale } from '@portal/contract';
import { contentLanguages, homeContent } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { Log } from '../../platform/log.ts';
import { loadMembershipState } from '../membership/state.ts';
import * as repo from './repository.ts';

/** Where a stored row that cannot be shown as it is gets reported (the request's logger). */
export type ContentWarnings = Pick<Log, 'warn'>;

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
      const { member, operator, today, status } = await loadMembershipState(db, auth, clock);
      const languages = contentLanguages(locale, member.locale, operator);
      const [highlightRows, articleRows] = await Promise.all([
        repo.listHighlights(db, operator.id, languages, today),
        repo.listArticles(db, operator.id, languages, today),
      ]);

      const { content, leftOut } = homeContent(highlightRows, articleRows, languages, status);
      for (const highlight of leftOut.highlights)
        log?.warn({ highlight }, 'highlight link left out: not a portal route or https address');
      for (const article of leftOut.articles)
        log?.warn({ article }, 'article left out: image or link not a portal path or https address');
      return content;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
