import { contentLanguages, contentValidOn, homeContent } from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { loadMembershipState } from '../membership/state.ts';

/** By position, then id: the server's order by (position, id). */
const byPosition = (a: { position: number; id: string }, b: { position: number; id: string }) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const contentHandlers = defineHandlers({
  /** GET /v1/content: the operator's rows valid today in the member's languages (domain homeContent). */
  content: ({ store, auth, query }) => {
    const { member, operator, today, status } = loadMembershipState(store, auth.memberId);
    const languages = contentLanguages(query.locale, member.locale, operator);
    const shown = <
      R extends { operatorId: string; language: string; validFrom: string | null; validUntil: string | null },
    >(
      rows: R[],
    ) =>
      rows.filter(
        (r) =>
          r.operatorId === operator.id && languages.some((l) => l === r.language) && contentValidOn(r, today),
      );
    const highlights = shown(store.tables.highlights).sort(byPosition);
    const articles = shown(store.tables.articles).sort(byPosition);
    // The server logs what it leaves out; the demo has no log to write to.
    return homeContent(highlights, articles, languages, status).content;
  },
});
