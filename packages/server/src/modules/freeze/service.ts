import type { FreezePeriod, FreezePeriodRequest, FreezePolicy } from '@portal/contract';
import { freezeCreation, freezePolicyView, freezeRemoval, freezeUpdate } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { applyChange } from '../membership/apply-change.ts';
import { loadMembershipState } from '../membership/state.ts';
import { randomUUID } from '../../platform/crypto.ts';

// The rules are domain's (freezeChanges.ts, ADR 028); here the locked transaction and the writes.
export function createFreezeService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    async policy(auth: AuthContext): Promise<FreezePolicy> {
      return freezePolicyView(await loadMembershipState(db, auth, clock));
    },

    async create(auth: AuthContext, request: FreezePeriodRequest): Promise<FreezePeriod> {
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        const { answer, change } = freezeCreation(state, request.freeze_period, randomUUID());
        await applyChange(tx, deps, state, change);
        return answer;
      });
    },

    async update(auth: AuthContext, id: string, request: FreezePeriodRequest): Promise<FreezePeriod> {
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        const { answer, change } = freezeUpdate(state, id, request.freeze_period);
        await applyChange(tx, deps, state, change);
        return answer;
      });
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        await applyChange(tx, deps, state, freezeRemoval(state, id));
      });
    },
  };
}

export type FreezeService = ReturnType<typeof createFreezeService>;
