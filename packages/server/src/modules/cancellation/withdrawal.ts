import type { WithdrawalResult } from '@portal/contract';
import { withdrawal } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { applyChange } from '../membership/apply-change.ts';
import { loadMembershipState } from '../membership/state.ts';

/**
 * The 14-day withdrawal: one locked transaction re-checks the rules and writes what domain
 * `withdrawal` decides (ADR 028).
 */
export function createWithdrawalService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    async withdraw(auth: AuthContext): Promise<WithdrawalResult> {
      const receivedAt = clock.now();
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        const { answer, change } = withdrawal(state, receivedAt);
        await applyChange(tx, deps, state, change);
        return answer;
      });
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
