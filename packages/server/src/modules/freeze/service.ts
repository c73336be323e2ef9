import { randomUUID } from 'node:crypto';
import type { FreezePeriod, FreezePolicy, FreezePeriodRequest } from '@portal/contract';
import {
  addDays,
  canFreeze,
  checkFreezeRequest,
  currentFreeze,
  effectiveFreezeEnd,
  endOfMonth,
  FREEZE_REQUIRED_STATUSES,
  type FreezeFact,
  freezeEndOptions,
  freezeMonthsToBill,
  freezeStartOptions,
  restOfMonthFee,
  scheduledFreeze,
  usedFreezeMonths,
  yearOf,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { scheduleCharge } from '../membership/billing.ts';
import { sendLifecycleMail } from '../membership/notifications.ts';
import { logMembershipChange, refusal } from '../membership/changes.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';
import * as repo from './repository.ts';

const asPeriod = (f: FreezeFact): FreezePeriod => ({ ...f });

export function createFreezeService(deps: AppDeps) {
  const { db, clock, mailer } = deps;

  async function billFreezeMonths(tx: Executor, state: MembershipState, freeze: FreezeFact, after: string) {
    const end = effectiveFreezeEnd(freeze);
    if (end === null) return;
    for (const first of freezeMonthsToBill(freeze.begin_date, end, after)) {
      await scheduleCharge(tx, {
        memberId: state.member.id,
        operator: state.operator,
        invoiceDate: first,
        amount: state.operator.freezePolicy.monthlyFee,
        type: 'freeze_fee',
        productId: freeze.id,
        concept: 'Freeze fee',
        period: { from: first, to: endOfMonth(first) },
        createdAt: clock.now(),
      });
    }
  }

  function findFreeze(state: MembershipState, id: string): FreezeFact {
    const freeze = state.facts.freeze_periods.find((f) => f.id === id);
    if (!freeze) throw notFound('No such freeze period.');
    const end = effectiveFreezeEnd(freeze);
    if (freeze.cancel_date !== null || end === null || end < state.today)
      throw refusal(state, [{ type: 'freeze_not_changeable' }]);
    return freeze;
  }

  return {
    async policy(auth: AuthContext): Promise<FreezePolicy> {
      const state = await loadMembershipState(db, auth.memberId, clock);
      const { operator, facts, today, status } = state;
      const max = operator.freezePolicy.maxMonthsPerYear;
      const used = usedFreezeMonths(facts.freeze_periods, yearOf(today));
      const scheduled = scheduledFreeze(facts, today);
      const current = currentFreeze(facts, today);
      const canStartNew =
        !scheduled &&
        freezeStartOptions(operator, facts.freeze_periods, today).some(
          (begin) => freezeEndOptions(operator, facts.freeze_periods, begin).length > 0,
        );
      return {
        monthly_fee: operator.freezePolicy.monthlyFee,
        max_months: max,
        required_membership_status: [...FREEZE_REQUIRED_STATUSES],
        membership: {
          id: state.membership.id,
          status,
          available_months: Math.max(0, max - used),
          used_months: used,
          scheduled_freeze: scheduled ? asPeriod(scheduled) : null,
          eligible_to_freeze: canFreeze(status) && canStartNew,
          current_freeze: current ? asPeriod(current) : null,
        },
      };
    },

    async create(auth: AuthContext, request: FreezePeriodRequest): Promise<FreezePeriod> {
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
        const { begin_date, end_date } = request.freeze_period;
        const errors = checkFreezeRequest({ ...state, begin_date, end_date });
        if (errors.length) throw refusal(state, errors);
        const freeze: FreezeFact = { id: randomUUID(), begin_date, end_date, cancel_date: null };
        await repo.insertFreeze(tx, {
          id: freeze.id,
          membershipId: state.membership.id,
          beginDate: begin_date,
          endDate: end_date,
          cancelDate: null,
          createdAt: clock.now(),
        });
        await billFreezeMonths(tx, state, freeze, addDays(state.today, -1));
        await logMembershipChange(tx, clock, state, 'freeze_created', {
          freeze_id: freeze.id,
          begin_date,
          end_date,
        });
        await sendLifecycleMail(tx, mailer, state.member, state.operator, {
          kind: 'freeze_created',
          begin_date,
          end_date,
        });
        return asPeriod(freeze);
      });
    },

    async update(auth: AuthContext, id: string, request: FreezePeriodRequest): Promise<FreezePeriod> {
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
        const existing = findFreeze(state, id);
        const { begin_date, end_date } = request.freeze_period;
        const errors = checkFreezeRequest({ ...state, begin_date, end_date, existing });
        if (errors.length) throw refusal(state, errors);
        await repo.updateFreezeDates(tx, id, { beginDate: begin_date, endDate: end_date });
        // Months already billed (on or before today) stay billed; the rest is billed anew.
        await repo.deleteScheduledFreezeInvoices(tx, state.member.id, id, state.today);
        const changed: FreezeFact = { id, begin_date, end_date, cancel_date: null };
        await billFreezeMonths(tx, state, changed, state.today);
        await logMembershipChange(tx, clock, state, 'freeze_changed', {
          freeze_id: id,
          from: { begin_date: existing.begin_date, end_date: existing.end_date },
          to: { begin_date, end_date },
        });
        await sendLifecycleMail(tx, mailer, state.member, state.operator, {
          kind: 'freeze_changed',
          begin_date,
          end_date,
        });
        return asPeriod(changed);
      });
    },

    /**
     * Cancels a freeze: a scheduled one disappears at no cost; one under way ends
     * yesterday, so the member trains again today, and the rest of this month is billed.
     */
    async remove(auth: AuthContext, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
        if (state.status !== 'active' && state.status !== 'in_freeze') {
          throw refusal(state, [{ type: 'invalid_status_to_freeze', context: { status: state.status } }]);
        }
        const freeze = findFreeze(state, id);
        const underWay = freeze.begin_date <= state.today;
        await repo.updateFreezeDates(tx, id, { cancelDate: state.today });
        await repo.deleteScheduledFreezeInvoices(tx, state.member.id, id, state.today);
        if (underWay) {
          const fee = restOfMonthFee(state.product.monthlyFee, state.today);
          await scheduleCharge(tx, {
            memberId: state.member.id,
            operator: state.operator,
            invoiceDate: state.today,
            amount: fee.amount,
            type: 'cancel_freeze_fee',
            productId: id,
            concept: 'Rest of the month after ending the freeze',
            period: { from: fee.from, to: fee.to },
            createdAt: clock.now(),
          });
        }
        await logMembershipChange(tx, clock, state, 'freeze_cancelled', {
          freeze_id: id,
          under_way: underWay,
        });
        await sendLifecycleMail(tx, mailer, state.member, state.operator, {
          kind: 'freeze_cancelled',
          begin_date: freeze.begin_date,
          end_date: underWay ? addDays(state.today, -1) : freeze.end_date,
        });
      });
    },
  };
}

export type FreezeService = ReturnType<typeof createFreezeService>;
