import type { Locale, Membership, OperatorId } from '@portal/contract';
import { membershipView } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
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
     * GET /v2/membership from what readWithSession read (domain membershipView). `locale`
     * (the portal sends the language in use) becomes the member's stored locale when the
     * operator offers it, and is ignored otherwise; the presentations are in `locale`, else
     * the request's language (`auth.locale`), else the stored one.
     */
    async present(
      record: ReadModelRecord | undefined,
      locale: Locale | undefined,
      auth: Pick<AuthContext, 'memberId' | 'locale'>,
    ): Promise<Membership> {
      if (!record) throw notFound('No membership.');
      const { operator, today } = todayFor(record.member.operatorId as OperatorId, clock);
      let read = record;
      if (
        locale &&
        locale !== record.member.locale &&
        (operator.locales as readonly string[]).includes(locale)
      ) {
        if (await repo.storeMemberLocale(db, auth.memberId, locale, clock.now()))
          cache?.changed(auth.memberId);
        read = { ...record, member: { ...record.member, locale } };
      }
      return membershipView(read, operator, today, locale ?? auth.locale ?? undefined);
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
type ReadModelRecord = NonNullable<
  Awaited<ReturnType<ReturnType<typeof repo.prepareSessionReadModel>>>
>['data'];
