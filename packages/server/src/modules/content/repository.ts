import type { Language } from '@portal/contract';
import type { IsoDate } from '@portal/domain';
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { articles, highlights } from '../../db/schema.ts';

/**
 * The operator's highlights in `languages` that are valid on `today` (domain's
 * contentValidOn, as SQL), by position: the columns the answer
 * needs and the language to choose by, nothing else.
 */
export function listHighlights(ex: Executor, operatorId: string, languages: Language[], today: IsoDate) {
  return ex
    .select({
      id: highlights.id,
      language: highlights.language,
      type: highlights.type,
      title: highlights.title,
      content: highlights.content,
      statuses: highlights.statuses,
      externalUrl: highlights.externalUrl,
      internalUrl: highlights.internalUrl,
    })
    .from(highlights)
    .where(
      and(
        eq(highlights.operatorId, operatorId),
        inArray(highlights.language, languages),
        or(isNull(highlights.validFrom), lte(highlights.validFrom, today)),
        or(isNull(highlights.validUntil), gte(highlights.validUntil, today)),
      ),
    )
    .orderBy(asc(highlights.position), asc(highlights.id));
}

/** The operator's article teasers in `languages` valid on `today`, by position. */
export function listArticles(ex: Executor, operatorId: string, languages: Language[], today: IsoDate) {
  return ex
    .select({
      id: articles.id,
      language: articles.language,
      imageUrl: articles.imageUrl,
      title: articles.title,
      body: articles.body,
      link: articles.link,
    })
    .from(articles)
    .where(
      and(
        eq(articles.operatorId, operatorId),
        inArray(articles.language, languages),
        or(isNull(articles.validFrom), lte(articles.validFrom, today)),
        or(isNull(articles.validUntil), gte(articles.validUntil, today)),
      ),
    )
    .orderBy(asc(articles.position), asc(articles.id));
}
