import type { FreezePeriod, FreezePolicy } from '@portal/contract';
import {
  endOfMonth,
  type FreezeFact,
  freezeEndOptions,
  freezeMonthCount,
  freezeStartOptions,
  type IsoDate,
  type OperatorSettings,
} from '@portal/domain';

/** What the form does: create a freeze, edit the scheduled one, or move the current one's end. */
export type FreezeMode = 'create' | 'scheduled' | 'current';

export interface FreezeFormSetup {
  mode: FreezeMode;
  /** The freeze being changed (PATCH/DELETE), absent when creating. */
  freeze: FreezePeriod | null;
  /** Values the form starts with; '' means nothing chosen yet. */
  initialBegin: IsoDate | '';
  initialEnd: IsoDate | '';
  /** The begin of a freeze under way cannot change (the form shows it as text). */
  beginFixed: boolean;
  beginOptions: IsoDate[];
  /** End dates offered for a begin date (month ends). */
  endOptions: (begin: IsoDate | '') => IsoDate[];
}

type RuleOperator = Pick<OperatorSettings, 'freezeRequestBeforeFirstOfMonth' | 'freezePolicy'>;

/**
 * The operator's rules with the yearly maximum and the fee the server's policy states: the
 * server is the authority on both, the domain functions compute the dates.
 */
export function rulesFor(
  operator: Pick<OperatorSettings, 'freezeRequestBeforeFirstOfMonth'>,
  policy: FreezePolicy,
): RuleOperator {
  return {
    freezeRequestBeforeFirstOfMonth: operator.freezeRequestBeforeFirstOfMonth,
    freezePolicy: { maxMonthsPerYear: policy.max_months, monthlyFee: policy.monthly_fee },
  };
}

function withValue(options: IsoDate[], value: IsoDate | ''): IsoDate[] {
  if (value === '' || options.includes(value)) return options;
  return [...options, value].sort();
}

/**
 * Sets up the freeze form (docs/portal-screens.md) from the policy and the member's freezes:
 * start dates are the domain's freezeStartOptions (first of each of the next 12 months, or
 * next year's 12 when no months remain), end dates its freezeEndOptions (month ends within
 * the yearly maximum). A freeze under way keeps its begin; its end can move to any month
 * end from this month's on.
 */
export function freezeFormSetup(
  operator: Pick<OperatorSettings, 'freezeRequestBeforeFirstOfMonth'>,
  policy: FreezePolicy,
  freezes: readonly FreezeFact[],
  today: IsoDate,
): FreezeFormSetup {
  const rules = rulesFor(operator, policy);
  const current = policy.membership.current_freeze;
  const scheduled = policy.membership.scheduled_freeze;

  if (current) {
    const endOptions = (begin: IsoDate | '') =>
      begin === ''
        ? []
        : withValue(
            freezeEndOptions(rules, freezes, begin, current.id).filter((end) => end >= endOfMonth(today)),
            begin === current.begin_date ? current.end_date : '',
          );
    return {
      mode: 'current',
      freeze: current,
      initialBegin: current.begin_date,
      initialEnd: current.end_date,
      beginFixed: true,
      beginOptions: [current.begin_date],
      endOptions,
    };
  }

  const exceptId = scheduled?.id;
  const others = scheduled ? freezes.filter((f) => f.id !== scheduled.id) : freezes;
  const endOptions = (begin: IsoDate | '') => {
    if (begin === '') return [];
    const options = freezeEndOptions(rules, freezes, begin, exceptId);
    return scheduled && begin === scheduled.begin_date ? withValue(options, scheduled.end_date) : options;
  };
  const beginOptions = withValue(
    freezeStartOptions(rules, others, today).filter((begin) => endOptions(begin).length > 0),
    scheduled?.begin_date ?? '',
  );
  return {
    mode: scheduled ? 'scheduled' : 'create',
    freeze: scheduled,
    initialBegin: scheduled?.begin_date ?? '',
    initialEnd: scheduled?.end_date ?? '',
    beginFixed: false,
    beginOptions,
    endOptions,
  };
}

/**
 * The end after the begin changed: when the begin moves after the end (or the end is no
 * longer offered for the new begin), it resets to the end of the begin month.
 */
export function endAfterBeginChange(
  setup: Pick<FreezeFormSetup, 'endOptions'>,
  begin: IsoDate | '',
  end: IsoDate | '',
): IsoDate | '' {
  if (begin === '' || end === '') return end;
  if (end < begin || !setup.endOptions(begin).includes(end)) return endOfMonth(begin);
  return end;
}

/** Submit is enabled only after a change and with both dates chosen. */
export function canSubmitFreeze(
  setup: Pick<FreezeFormSetup, 'initialBegin' | 'initialEnd'>,
  begin: IsoDate | '',
  end: IsoDate | '',
): boolean {
  if (begin === '' || end === '') return false;
  return begin !== setup.initialBegin || end !== setup.initialEnd;
}

/** Months the freeze covers and what they cost at the policy's monthly fee. */
export function freezeCost(begin: IsoDate, end: IsoDate, monthlyFee: number) {
  const months = freezeMonthCount({ id: '', begin_date: begin, end_date: end, cancel_date: null });
  return { months, total: months * monthlyFee };
}
