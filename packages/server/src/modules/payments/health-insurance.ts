import type { HealthInsuranceConfirmation } from '@portal/contract';
import {
  defaultConfirmationYear,
  feesPaidInYear,
  HEALTH_INSURANCE_MIN_MONTHS,
  HEALTH_INSURANCE_REIMBURSEMENT_PERCENT,
  healthInsuranceEligible,
  membershipFeeShare,
  minDate,
  wholeMonthsBetween,
  yearsWithFeesPaid,
} from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { invalidRequest, notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { loadMembershipState } from '../membership/state.ts';
import { partiesOf } from './parties.ts';
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
      const { member, membership, operator, today, facts } = await loadMembershipState(
        db,
        auth.memberId,
        clock,
      );
      if (!operator.healthInsuranceReimbursement) {
        throw notFound('Health-insurance confirmations are not issued in this market.');
      }
      if (year !== undefined && year > Number(today.slice(0, 4))) {
        throw invalidRequest('query.year', 'The year has not begun yet.');
      }
      const rows = await repo.listInvoices(db, member.id);
      const lines = await repo.listLines(
        db,
        rows.map(({ id }) => id),
      );
      // Only what paid for the membership counts: a PT package or a chip fee is no fitness fee.
      const invoices = rows
        .map((i) => ({
          id: i.id,
          invoice_number: i.invoiceNumber,
          invoice_date: i.invoiceDate,
          period: i.periodFrom && i.periodTo ? { from: i.periodFrom, to: i.periodTo } : null,
          status: i.status,
          amount: membershipFeeShare(
            lines
              .filter((l) => l.invoiceId === i.id)
              .map((l) => ({ product_type: l.productType, amount: l.amount })),
          ),
        }))
        .filter((i) => i.amount > 0);
      const years = yearsWithFeesPaid(invoices);
      const shown = year ?? defaultConfirmationYear(years, today);
      const refunds = await repo.listRefunds(
        db,
        invoices.map(({ id }) => id),
      );
      const refunded = (invoice: { id: string }) =>
        refunds
          .filter((r) => r.invoiceId === invoice.id && r.status !== 'failed')
          .reduce((sum, r) => sum + r.amount, 0);
      const paid = feesPaidInYear(invoices, refunded, shown).reverse();
      // Membership months count up to its last day once it has ended.
      const until = minDate(today, facts.stopped_on ?? facts.end_date ?? today);
      return {
        year: shown,
        years,
        eligible: healthInsuranceEligible(facts.begin_date, until),
        member_since: facts.begin_date,
        months_member: wholeMonthsBetween(facts.begin_date, until),
        required_months: HEALTH_INSURANCE_MIN_MONTHS,
        reimbursement_percent: HEALTH_INSURANCE_REIMBURSEMENT_PERCENT,
        paid_total: paid.reduce((sum, p) => sum + p.paid, 0),
        currency: operator.currency,
        payments: paid.map(({ invoice, paid: amount }) => ({
          invoice_number: invoice.invoice_number,
          invoice_date: invoice.invoice_date,
          period: invoice.period,
          amount,
        })),
        ...partiesOf(member, membership.membershipNumber),
        issued_on: today,
      };
    },
  };
}

export type HealthInsuranceService = ReturnType<typeof createHealthInsuranceService>;
