import type { CancellationKind, MembershipStatus } from '@portal/contract';
import { addDays, addMonths, endOfMonth, type IsoDate, maxDate } from './dates.ts';
import { freezeMonthCount, type RuleError } from './freeze.ts';
import type { CancellationFlow, OperatorSettings } from './operators/types.ts';
import { effectiveFreezeEnd, type MembershipFacts, scheduledFreeze } from './status.ts';

/** Statuses whose overview shows the cancel link (docs/portal-screens.md). */
export const CANCELLABLE_STATUSES: readonly MembershipStatus[] = [
  'presale',
  'active',
  'in_trial',
  'in_freeze',
];

/**
 * The last day of the minimum term: begin date plus the binding months, moved by the
 * frozen months where the operator's freezes extend the contract.
 */
export function bindingEndDate(
  operator: Pick<OperatorSettings, 'freezeExtendsContract'>,
  facts: MembershipFacts,
  bindingMonths: number,
): IsoDate | null {
  if (bindingMonths <= 0) return null;
  const frozen = operator.freezeExtendsContract
    ? facts.freeze_periods.reduce((sum, f) => sum + freezeMonthCount(f), 0)
    : 0;
  return addDays(addMonths(facts.begin_date, bindingMonths + frozen), -1);
}

/**
 * The end date a cancellation made today gets: the notice period from today to a month
 * end, or the contract's binding end if that is later. A trial or presale ends today.
 */
export function calculatedEndDate(
  operator: Pick<OperatorSettings, 'freezeExtendsContract' | 'cancellationNoticeMonths'>,
  facts: MembershipFacts,
  status: MembershipStatus,
  bindingMonths: number,
  today: IsoDate,
): IsoDate {
  if (status === 'in_trial' || status === 'presale') return today;
  const notice = endOfMonth(addMonths(today, operator.cancellationNoticeMonths));
  const binding = bindingEndDate(operator, facts, bindingMonths);
  return binding ? maxDate(notice, endOfMonth(binding)) : notice;
}

/** Why a cancellation is refused today, as error types the portal has texts for. */
export function cancellationErrors(
  facts: MembershipFacts,
  status: MembershipStatus,
  endDate: IsoDate,
  today: IsoDate,
): RuleError[] {
  if (status === 'in_cancellation') return [{ type: 'already_in_cancellation_error' }];
  if (status === 'in_freeze') return [{ type: 'cancel_in_freeze_not_allowed' }];
  if (!CANCELLABLE_STATUSES.includes(status))
    return [{ type: 'invalid_status_to_cancel', context: { status } }];
  const scheduled = scheduledFreeze(facts, today);
  if (scheduled && scheduled.begin_date <= endDate && effectiveFreezeEnd(scheduled) !== null) {
    return [
      {
        type: 'cancel_with_scheduled_freeze_not_allowed',
        context: { begin_date: scheduled.begin_date, end_date: scheduled.end_date },
      },
    ];
  }
  return [];
}

/** The flow a member gets: the e-mail rule does not apply in trial or presale. */
export function cancellationFlowFor(
  operator: Pick<OperatorSettings, 'cancellationFlow'>,
  status: MembershipStatus,
): CancellationFlow {
  if (operator.cancellationFlow === 'email' && (status === 'in_trial' || status === 'presale'))
    return 'single_page';
  return operator.cancellationFlow;
}

/** The overview shows the cancel link, the e-mail text in its place, or nothing. */
export function cancelLinkKind(
  operator: Pick<OperatorSettings, 'cancellationFlow'>,
  status: MembershipStatus,
): 'link' | 'email_text' | null {
  if (!CANCELLABLE_STATUSES.includes(status)) return null;
  return cancellationFlowFor(operator, status) === 'email' ? 'email_text' : 'link';
}

/** What a declaration asks for: its kind and the date it should take effect (absent: earliest). */
export interface DeclaredCancellation {
  kind: CancellationKind;
  effective_date?: IsoDate | null;
}

/**
 * How a date before the earliest is handled: the signed-in page refuses it (the member can
 * pick another), the public form takes it as "at the earliest possible date" (§ 140 BGB),
 * since its answer must not reveal the membership or its dates.
 */
export type TooEarlyDate = 'refuse' | 'earliest';

/**
 * The end date a declaration gets, given the earliest possible one (calculatedEndDate). A
 * later date is taken as asked. An extraordinary cancellation gets the earliest ordinary
 * date meanwhile: support checks its reason and may end it sooner. In trial or presale the
 * cancellation ends the membership at once, so no later date can be honoured.
 */
export function declaredEndDate(
  earliest: IsoDate,
  status: MembershipStatus,
  declared: DeclaredCancellation,
  tooEarly: TooEarlyDate,
): { endDate: IsoDate; errors: RuleError[] } {
  const asked = declared.effective_date ?? null;
  if (asked === null) return { endDate: earliest, errors: [] };
  const endsAtOnce = status === 'in_trial' || status === 'presale';
  if (endsAtOnce && asked > earliest)
    return {
      endDate: earliest,
      errors: [{ type: 'effective_date_after_immediate_end', context: { earliest_date: earliest } }],
    };
  if (asked >= earliest) return { endDate: asked, errors: [] };
  if (declared.kind === 'extraordinary' || tooEarly === 'earliest') return { endDate: earliest, errors: [] };
  return {
    endDate: earliest,
    errors: [{ type: 'effective_date_before_earliest', context: { earliest_date: earliest } }],
  };
}

/**
 * A declaration that asks nothing the membership's running cancellation does not give
 * already: ordinary, ending no earlier than the end date it has. Anything else sent for a
 * membership in cancellation (an extraordinary one, an earlier date) goes to support.
 */
export function isRepeatedDeclaration(
  status: MembershipStatus,
  currentEndDate: IsoDate | null,
  declared: DeclaredCancellation,
  declaredEnd: IsoDate,
): boolean {
  return (
    status === 'in_cancellation' &&
    currentEndDate !== null &&
    declared.kind === 'ordinary' &&
    declaredEnd >= currentEndDate
  );
}

/** What a cancellation's rules read of a membership on a day. */
export interface CancellationInput {
  operator: Pick<OperatorSettings, 'freezeExtendsContract' | 'cancellationNoticeMonths'>;
  facts: MembershipFacts;
  status: MembershipStatus;
  /** The product's minimum term in months. */
  bindingMonths: number;
  today: IsoDate;
}

export interface CancellationCheck {
  /** The policy's end date: the earliest a cancellation made today can end. */
  earliest: IsoDate;
  /** The end date the declaration gets. */
  endDate: IsoDate;
  errors: RuleError[];
}

/**
 * The rules of a cancellation today, the signed-in page's and the public form's alike: the
 * membership's refusals first (frozen, a freeze in the period, already cancelled), then
 * those of the date asked for.
 */
export function checkCancellation(
  input: CancellationInput,
  declared: DeclaredCancellation = { kind: 'ordinary' },
  tooEarly: TooEarlyDate = 'refuse',
): CancellationCheck {
  const { operator, facts, status, bindingMonths, today } = input;
  const earliest = calculatedEndDate(operator, facts, status, bindingMonths, today);
  const { endDate, errors: dateErrors } = declaredEndDate(earliest, status, declared, tooEarly);
  const errors = cancellationErrors(facts, status, endDate, today);
  return { earliest, endDate, errors: errors.length > 0 ? errors : dateErrors };
}
