import type { Locale, Membership, OperatorId } from '@portal/contract';
import { membershipView } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { todayFor } from './facts.ts';
import type { ReadModelCache } from './read-cache.ts';
import * as repo from './repository.ts';

export function createMembershipService(deps: AppDeps, cache: ReadModelCache | null = null) {
  const { db, clock } = deps;
  const sessionReadModel = repo.prepareSessionReadModel(db);

  return {
    /**
     * The session of a token hash and its member's read model, in one query (null: no live
     * session); kept per session when the app has a cache (ADR 029).
     */
    readWithSession: cache ? cache.wrap(sessionReadModel) : sessionReadModel,

    /**
     * GET /v2/membership from what readWithSession read (domain membershipView); `locale`
     * picks the language of presentations.
     */
    present(record: ReadModelRecord | undefined, locale: Locale | undefined): Membership {
      if (!record) throw notFound('No membership.');
      const { operator, today } = todayFor(record.member.operatorId as OperatorId, clock);
      return membershipView(record, operator, today, locale);
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
type ReadModelRecord = NonNullable<
  Awaited<ReturnType<ReturnType<typeof repo.prepareSessionReadModel>>>
>['data'];
