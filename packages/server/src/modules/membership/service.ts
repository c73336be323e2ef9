import type { Locale, Membership, OperatorId } from '@portal/contract';
import { membershipView } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { todayFor } from './facts.ts';
import * as repo from './repository.ts';

export function createMembershipService(deps: AppDeps) {
  const { db, clock } = deps;
  const readModel = repo.prepareReadModel(db);

  return {
    /**
     * The read model of GET /v2/membership (domain membershipView, which the demo answers
     * with too); `locale` picks the language of presentations.
     */
    async get(auth: AuthContext, locale: Locale | undefined): Promise<Membership> {
      const record = await readModel(auth.memberId);
      if (!record) throw notFound('No membership.');
      const { operator, today } = todayFor(record.member.operatorId as OperatorId, clock);
      return membershipView(record, operator, today, locale);
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
