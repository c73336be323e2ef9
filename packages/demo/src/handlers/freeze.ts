import { type FreezePeriod, notFound } from '@portal/contract';
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
  type LifecycleMail,
  lifecycleMailText,
  restOfMonthFee,
  scheduledFreeze,
  usedFreezeMonths,
  yearOf,
} from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { deleteScheduledFreezeInvoices, updateFreezeDates } from '../lifecycle/freezes.ts';
import { scheduleCharge } from '../membership/billing.ts';
import { logMembershipChange } from '../membership/events.ts';
import { sendBrandedMail } from '../membership/outbox.ts';
import { refusal } from '../membership/refusals.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';
import type { DemoStore } from '../store.ts';

// Port of the server's freeze service (modules/freeze/service.ts) onto the demo's tables:
// the same domain checks in the same order, the same rows, events and e-mails.

const asPeriod = (f: FreezeFact): FreezePeriod => ({ ...f });

function billFreezeMonths(store: DemoStore, state: MembershipState, freeze: FreezeFact, after: string) {
  const end = effectiveFreezeEnd(freeze);
  if (end === null) return;
  for (const first of freezeMonthsToBill(freeze.begin_date, end, after)) {
    scheduleCharge(store, {
      memberId: state.member.id,
      operator: state.operator,
      invoiceDate: first,
      amount: state.operator.freezePolicy.monthlyFee,
      type: 'freeze_fee',
      productId: freeze.id,
      concept: 'Freeze fee',
      period: { from: first, to: endOfMonth(first) },
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

function mailMember(store: DemoStore, state: MembershipState, mail: LifecycleMail) {
  sendBrandedMail(
    store,
    state.operator,
    state.member.email,
    lifecycleMailText(state.member, mail),
    state.member.id,
  );
}

export const freezeHandlers = defineHandlers({
  freezePolicy: ({ store, auth }) => {
    const state = loadMembershipState(store, auth.memberId);
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

  createFreeze: ({ store, auth, body }) => {
    const state = loadMembershipState(store, auth.memberId);
    const { begin_date, end_date } = body.freeze_period;
    const errors = checkFreezeRequest({ ...state, begin_date, end_date });
    if (errors.length) throw refusal(state, errors);
    const freeze: FreezeFact = { id: crypto.randomUUID(), begin_date, end_date, cancel_date: null };
    store.tables.freezePeriods.push({
      id: freeze.id,
      membershipId: state.membership.id,
      beginDate: begin_date,
      endDate: end_date,
      cancelDate: null,
      createdAt: store.now(),
    });
    billFreezeMonths(store, state, freeze, addDays(state.today, -1));
    logMembershipChange(store, state, 'freeze_created', { freeze_id: freeze.id, begin_date, end_date });
    mailMember(store, state, { kind: 'freeze_created', begin_date, end_date });
    return asPeriod(freeze);
  },

  updateFreeze: ({ store, auth, params, body }) => {
    const state = loadMembershipState(store, auth.memberId);
    const existing = findFreeze(state, params.id);
    const { begin_date, end_date } = body.freeze_period;
    const errors = checkFreezeRequest({ ...state, begin_date, end_date, existing });
    if (errors.length) throw refusal(state, errors);
    updateFreezeDates(store, params.id, { beginDate: begin_date, endDate: end_date });
    // Months already billed (on or before today) stay billed; the rest is billed anew.
    deleteScheduledFreezeInvoices(store, state.member.id, params.id, state.today);
    const changed: FreezeFact = { id: params.id, begin_date, end_date, cancel_date: null };
    billFreezeMonths(store, state, changed, state.today);
    logMembershipChange(store, state, 'freeze_changed', {
      freeze_id: params.id,
      from: { begin_date: existing.begin_date, end_date: existing.end_date },
      to: { begin_date, end_date },
    });
    mailMember(store, state, { kind: 'freeze_changed', begin_date, end_date });
    return asPeriod(changed);
  },

  /**
   * A scheduled freeze disappears at no cost; one under way ends yesterday, so the member
   * trains again today, and the rest of this month is billed.
   */
  deleteFreeze: ({ store, auth, params }) => {
    const state = loadMembershipState(store, auth.memberId);
    if (state.status !== 'active' && state.status !== 'in_freeze') {
      throw refusal(state, [{ type: 'invalid_status_to_freeze', context: { status: state.status } }]);
    }
    const freeze = findFreeze(state, params.id);
    const underWay = freeze.begin_date <= state.today;
    updateFreezeDates(store, params.id, { cancelDate: state.today });
    deleteScheduledFreezeInvoices(store, state.member.id, params.id, state.today);
    if (underWay) {
      const fee = restOfMonthFee(state.product.monthlyFee, state.today);
      scheduleCharge(store, {
        memberId: state.member.id,
        operator: state.operator,
        invoiceDate: state.today,
        amount: fee.amount,
        type: 'cancel_freeze_fee',
        productId: params.id,
        concept: 'Rest of the month after ending the freeze',
        period: { from: fee.from, to: fee.to },
      });
    }
    logMembershipChange(store, state, 'freeze_cancelled', { freeze_id: params.id, under_way: underWay });
    mailMember(store, state, {
      kind: 'freeze_cancelled',
      begin_date: freeze.begin_date,
      end_date: underWay ? addDays(state.today, -1) : freeze.end_date,
    });
    return undefined;
  },
});
