import type { HealthInsuranceConfirmation } from '@portal/contract';
import { healthInsuranceView } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { invalidRequest, notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { loadMembershipState } from '../membership/state.ts';
import * as repo from './repository.ts';

export function createHealthInsuranceService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    /**
     * GET /v1/membership/health_insurance_confirmation?year=: membership and fees paid in one
     * calendar year, for operators whose members' health insurers reimburse fees (404
     * elsewhere). Any status: a member who left still needs last year's confirmation.
     */
    async confirmation(auth: AuthContext, year?: number): Promise<HealthInsuranceConfirmation> {
      const { member, membership, operator, today, facts } = await loadMembershipState(db, auth, clock);
      if (!operator.healthInsuranceReimbursement) {
        throw notFound('Health-insurance confirmations are not issued in this market.');
      }
      if (year !== undefined && year > Number(today.slice(0, 4))) {
        throw invalidRequest('query.year', 'The year has not begun yet.');
      }
      const rows = await repo.listInvoices(db, member.id);
      const ids = rows.map(({ id }) => id);
      const lines = await repo.listLines(db, ids);
      const refunds = await repo.listRefunds(db, ids);
      return healthInsuranceView({
        invoices: rows,
        lines,
        refunds,
        year,
        today,
        facts,
        operator,
        member,
        membershipNumber: membership.membershipNumber,
      });
    },
  };
}

export type HealthInsuranceService = ReturnType<typeof createHealthInsuranceService>;
