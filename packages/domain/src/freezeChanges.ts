import { type FreezePeriod, type FreezePolicy, notFound } from '@portal/contract';
import { addDays, endOfMonth, type IsoDate, yearOf } from './dates.ts';
import {
  canFreeze,
  checkFreezeRequest,
  FREEZE_REQUIRED_STATUSES,
  freezeEndOptions,
  freezeMonthsToBill,
  freezeStartOptions,
  restOfMonthFee,
  usedFreezeMonths,
} from './freeze.ts';
import { lifecycleMailText, type LifecycleMail } from './lifecycleMail.ts';
import { currentFreeze, effectiveFreezeEnd, type FreezeFact, scheduledFreeze } from './status.ts';
import {
  type Charge,
  type LoadedMembership,
  type MembershipChange,
  membershipRefusal,
} from './membershipChange.ts';

// The freeze calls' use cases (ADR 028): server modules/freeze/service.ts writes what these
// decide.

type Dates = { begin_date: IsoDate; end_date: IsoDate };

const asPeriod = (f: FreezeFact): FreezePeriod => ({ ...f });

/** The confirmation e-mail of a freeze change, to the member's address. */
const mailed = (state: LoadedMembership, mail: LifecycleMail) => [
  { to: state.member.email, mail: lifecycleMailText(state.member, mail) },
];

/** The monthly fee of every month of the freeze that begins after `after`. */
function freezeFees(state: LoadedMembership, freeze: FreezeFact, after: IsoDate): Charge[] {
  const end = effectiveFreezeEnd(freeze);
  if (end === null) return [];
  return freezeMonthsToBill(freeze.begin_date, end, after).map((first) => ({
    invoiceDate: first,
    amount: state.operator.freezePolicy.monthlyFee,
    type: 'freeze_fee',
    productId: freeze.id,
    concept: 'Freeze fee',
    period: { from: first, to: endOfMonth(first) },
  }));
}

/** A freeze that can still change: 404 for an unknown id, 422 once it ended or was cancelled. */
function changeableFreeze(state: LoadedMembership, id: string): FreezeFact {
  const freeze = state.facts.freeze_periods.find((f) => f.id === id);
  if (!freeze) throw notFound('No such freeze period.');
  const end = effectiveFreezeEnd(freeze);
  if (freeze.cancel_date !== null || end === null || end < state.today)
    throw membershipRefusal(state.member, [{ type: 'freeze_not_changeable' }]);
  return freeze;
}

/** GET /v1/membership/freeze_policy. */
export function freezePolicyView(state: LoadedMembership): FreezePolicy {
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
}

export interface FreezeDecision {
  answer: FreezePeriod;
  change: MembershipChange;
}

/** A new freeze (id given by the caller): its fees from today on, the event, the e-mail. */
export function freezeCreation(state: LoadedMembership, dates: Dates, id: string): FreezeDecision {
  const { begin_date, end_date } = dates;
  const errors = checkFreezeRequest({ ...state, begin_date, end_date });
  if (errors.length) throw membershipRefusal(state.member, errors);
  const freeze: FreezeFact = { id, begin_date, end_date, cancel_date: null };
  return {
    answer: asPeriod(freeze),
    change: {
      newFreeze: freeze,
      charges: freezeFees(state, freeze, addDays(state.today, -1)),
      event: { action: 'freeze_created', details: { freeze_id: id, begin_date, end_date } },
      mails: mailed(state, { kind: 'freeze_created', begin_date, end_date }),
    },
  };
}

/** New dates for a freeze that can still change; months billed up to today stay billed. */
export function freezeUpdate(state: LoadedMembership, id: string, dates: Dates): FreezeDecision {
  const existing = changeableFreeze(state, id);
  const { begin_date, end_date } = dates;
  const errors = checkFreezeRequest({ ...state, begin_date, end_date, existing });
  if (errors.length) throw membershipRefusal(state.member, errors);
  const changed: FreezeFact = { id, begin_date, end_date, cancel_date: null };
  return {
    answer: asPeriod(changed),
    change: {
      freezes: [{ id, dates: { beginDate: begin_date, endDate: end_date } }],
      charges: freezeFees(state, changed, state.today),
      event: {
        action: 'freeze_changed',
        details: {
          freeze_id: id,
          from: { begin_date: existing.begin_date, end_date: existing.end_date },
          to: { begin_date, end_date },
        },
      },
      mails: mailed(state, { kind: 'freeze_changed', begin_date, end_date }),
    },
  };
}

/**
 * Cancels a freeze: a scheduled one disappears at no cost; one under way ends yesterday, so
 * the member trains again today, and the rest of this month is billed.
 */
export function freezeRemoval(state: LoadedMembership, id: string): MembershipChange {
  if (state.status !== 'active' && state.status !== 'in_freeze') {
    throw membershipRefusal(state.member, [
      { type: 'invalid_status_to_freeze', context: { status: state.status } },
    ]);
  }
  const freeze = changeableFreeze(state, id);
  const { today } = state;
  const underWay = freeze.begin_date <= today;
  const fee = restOfMonthFee(state.product.monthlyFee, today);
  return {
    freezes: [{ id, dates: { cancelDate: today } }],
    charges: underWay
      ? [
          {
            invoiceDate: today,
            amount: fee.amount,
            type: 'cancel_freeze_fee',
            productId: id,
            concept: 'Rest of the month after ending the freeze',
            period: { from: fee.from, to: fee.to },
          },
        ]
      : [],
    event: { action: 'freeze_cancelled', details: { freeze_id: id, under_way: underWay } },
    mails: mailed(state, {
      kind: underWay ? 'freeze_ended' : 'freeze_cancelled',
      begin_date: freeze.begin_date,
      end_date: underWay ? addDays(today, -1) : freeze.end_date,
    }),
  };
}
