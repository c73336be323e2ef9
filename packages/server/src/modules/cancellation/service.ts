import type { CancellationPolicy, CancellationRequest, CancellationResult } from '@portal/contract';
import {
  cancellationPolicyView,
  checkCancellationRequest,
  memberCancellation,
  reactivation,
} from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { applyChange } from '../membership/apply-change.ts';
import { loadMembershipState } from '../membership/state.ts';
import { identityHash, insertDeclaration, newReference } from './declarations.ts';

// The rules are domain's (cancellationChanges.ts, ADR 028); here the locked transaction and the writes.
export function createCancellationService(deps: AppDeps) {
  const { db, clock, wallClock } = deps;

  return {
    async policy(auth: AuthContext): Promise<CancellationPolicy> {
      return cancellationPolicyView(await loadMembershipState(db, auth, clock));
    },

    async cancel(auth: AuthContext, request: CancellationRequest): Promise<CancellationResult> {
      checkCancellationRequest(request);
      const receivedAt = clock.now();
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        const decided = memberCancellation(state, request, receivedAt, () => newReference(state.operator.id));
        await applyChange(tx, deps, state, decided.change);
        if (decided.declaration) {
          await insertDeclaration(tx, {
            ...decided.declaration,
            identityHash: identityHash(state.operator.id, decided.content),
            arrivedAt: new Date(wallClock()),
          });
        }
        return decided.answer;
      });
    },

    async reactivate(auth: AuthContext): Promise<void> {
      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        await applyChange(tx, deps, state, reactivation(state));
      });
    },
  };
}

export type CancellationService = ReturnType<typeof createCancellationService>;
