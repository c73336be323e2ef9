import type { MembershipStatus, OperatorId, PtWidgetKind } from '@portal/contract';
import type { IsoDate } from './dates.ts';
import type { BookingWindow } from './ptSlots.ts';
import { ptTexts } from './ptTexts.ts';
import type { NewClaims } from './ptToken.ts';
import { localizedRefusal } from './refusal.ts';
import type { RuleError } from './freeze.ts';
import { effectiveFreezeEnd, type MembershipFacts } from './status.ts';

/**
 * Statuses in which a member may open the PT widgets, buy packages and book sessions: a
 * running membership. In trial (PT is how many members get started), in cancellation (up
 * to the end date; the booking window stops there) and in a freeze (buying for later,
 * seeing and cancelling bookings; no sessions are offered on frozen days). Not in presale
 * (the membership and often the club have not started) nor once it has ended or was stopped.
 */
export const PT_STATUSES: readonly MembershipStatus[] = [
  'active',
  'in_trial',
  'in_cancellation',
  'in_freeze',
];

/** Why this membership cannot use PT now (empty: it can). */
export function ptStatusErrors(status: MembershipStatus, facts: MembershipFacts): RuleError[] {
  if (PT_STATUSES.includes(status)) return [];
  if (status === 'presale')
    return [{ type: 'pt_before_membership_start', context: { begin_date: facts.begin_date } }];
  return [{ type: 'invalid_status_for_pt', context: { status } }];
}

/**
 * The days on which the member can attend a session, as the booking token tells the
 * provider: up to the end date of a cancelled membership, and not in a current or
 * scheduled freeze.
 */
export function bookingWindow(
  status: MembershipStatus,
  facts: MembershipFacts,
  today: IsoDate,
): BookingWindow {
  const frozen: BookingWindow['frozen'] = [];
  for (const freeze of facts.freeze_periods) {
    const end = effectiveFreezeEnd(freeze);
    if (end !== null && end >= today) frozen.push({ from: freeze.begin_date, to: end });
  }
  frozen.sort((a, b) => a.from.localeCompare(b.from));
  return { until: status === 'in_cancellation' ? facts.end_date : null, frozen };
}

/** 404 item: the operator has no PT (docs/operators.md), so the widgets do not exist for its members. */
export const PT_NOT_AVAILABLE = {
  type: 'pt_not_available',
  message: 'Personal training is not offered here.',
};

/** 503 item: PT is offered but no provider (or no token key) is configured. */
export const PT_UNAVAILABLE = {
  type: 'pt_unavailable',
  message: 'Personal training is not available at the moment. Please try again later.',
};

/**
 * A PT widget session's claims for a member PT is open to (refused in the member's language
 * otherwise): the server's pt service signs them (ADR 028).
 */
export function ptWidgetClaims(
  state: {
    member: { id: string; locale: string };
    operator: { id: OperatorId };
    membership: { locationId: string };
    status: MembershipStatus;
    facts: MembershipFacts;
    today: IsoDate;
  },
  widget: PtWidgetKind,
): NewClaims {
  const errors = ptStatusErrors(state.status, state.facts);
  if (errors.length) throw localizedRefusal(ptTexts, state.member.locale, errors);
  return {
    sub: state.member.id,
    op: state.operator.id,
    club: state.membership.locationId,
    wid: widget,
    loc: state.member.locale,
    ...(widget === 'booking' ? { win: bookingWindow(state.status, state.facts, state.today) } : {}),
  };
}
