import type { MembershipStatus } from '@portal/contract';
import { addDays, type IsoDate } from './dates.ts';

/** How the member signed up: a trial or a presale starts before the paid membership. */
export type SignupKind = 'regular' | 'trial' | 'presale';

export interface FreezeFact {
  id: string;
  begin_date: IsoDate;
  end_date: IsoDate;
  /** Set when the freeze was cancelled; it then ends on this day (or never began). */
  cancel_date: IsoDate | null;
}

/** The dated facts a membership's status is derived from; nothing is stored as a status. */
export interface MembershipFacts {
  signup_kind: SignupKind;
  /** First day of the paid membership; a trial or presale runs before it. */
  begin_date: IsoDate;
  /** Day the member cancelled, if they did and have not reactivated. */
  cancelled_on: IsoDate | null;
  /** Last day of the membership once cancelled. */
  end_date: IsoDate | null;
  /** Day the operator stopped the membership (e.g. for debt). */
  stopped_on: IsoDate | null;
  /**
   * Day the member withdrew from the contract (the 14-day withdrawal): it ends at once,
   * unlike a cancellation, which runs to its end date. Absent where no withdrawal is known.
   */
  withdrawn_on?: IsoDate | null;
  freeze_periods: readonly FreezeFact[];
}

/** The last day a freeze actually covers, or null when it was cancelled before it began. */
export function effectiveFreezeEnd(freeze: FreezeFact): IsoDate | null {
  if (freeze.cancel_date === null) return freeze.end_date;
  if (freeze.cancel_date <= freeze.begin_date) return null;
  const lastDay = addDays(freeze.cancel_date, -1);
  return lastDay < freeze.end_date ? lastDay : freeze.end_date;
}

export function currentFreeze(facts: MembershipFacts, today: IsoDate): FreezeFact | null {
  return (
    facts.freeze_periods.find((f) => {
      const end = effectiveFreezeEnd(f);
      return end !== null && f.begin_date <= today && today <= end;
    }) ?? null
  );
}

/** The next freeze that has not started yet and was not cancelled. */
export function scheduledFreeze(facts: MembershipFacts, today: IsoDate): FreezeFact | null {
  const upcoming = facts.freeze_periods
    .filter((f) => f.begin_date > today && effectiveFreezeEnd(f) !== null)
    .sort((a, b) => a.begin_date.localeCompare(b.begin_date));
  return upcoming[0] ?? null;
}

/**
 * The status (docs/membership-rules.md, "Status"). Order matters: an operator's stop overrides everything; a withdrawal
 * ends it at once (in trial or presale as their cancelled variants); a cancellation
 * made during trial or presale ends it at once; otherwise a cancelled membership is
 * in_cancellation until its end date and cancelled after it; before the begin date the
 * member is in trial or presale; a freeze covering today makes it in_freeze, and the
 * day after the freeze ends it is active again without anyone acting.
 */
export function deriveStatus(facts: MembershipFacts, today: IsoDate): MembershipStatus {
  if (facts.stopped_on !== null && facts.stopped_on <= today) return 'stopped';
  const withdrawn = facts.withdrawn_on ?? null;
  if (withdrawn !== null && withdrawn <= today) {
    if (withdrawn >= facts.begin_date) return 'cancelled';
    return facts.signup_kind === 'trial' ? 'cancelled_in_trial' : 'cancelled_in_presale';
  }
  if (facts.cancelled_on !== null) {
    if (facts.cancelled_on < facts.begin_date) {
      return facts.signup_kind === 'trial' ? 'cancelled_in_trial' : 'cancelled_in_presale';
    }
    if (facts.end_date !== null && today > facts.end_date) return 'cancelled';
    return 'in_cancellation';
  }
  if (today < facts.begin_date) return facts.signup_kind === 'trial' ? 'in_trial' : 'presale';
  if (currentFreeze(facts, today)) return 'in_freeze';
  return 'active';
}

/** The day a member becomes active again: after a current freeze, or on the begin date. */
export function activatesOn(
  facts: MembershipFacts,
  status: MembershipStatus,
  today: IsoDate,
): IsoDate | null {
  if (status === 'in_trial' || status === 'presale') return facts.begin_date;
  if (status === 'in_freeze') {
    const freeze = currentFreeze(facts, today);
    const end = freeze && effectiveFreezeEnd(freeze);
    return end ? addDays(end, 1) : null;
  }
  return null;
}

export function isCancelledStatus(status: string): boolean {
  return status.startsWith('cancelled');
}

/** Statuses in which the membership no longer runs (no next payment, no referral). */
export function isInactiveStatus(status: MembershipStatus): boolean {
  return isCancelledStatus(status) || status === 'stopped';
}

/** Which date the status line shows next to the status (docs/portal-screens.md). */
export function statusLineDate(m: {
  status: MembershipStatus;
  begin_date: IsoDate;
  end_date: IsoDate | null;
  activates_on: IsoDate | null;
}): { kind: 'since' | 'until' | 'activates' | 'ended'; date: IsoDate } | null {
  switch (m.status) {
    case 'active':
      return { kind: 'since', date: m.begin_date };
    case 'in_cancellation':
      return m.end_date ? { kind: 'until', date: m.end_date } : null;
    case 'in_freeze':
      return m.activates_on ? { kind: 'activates', date: m.activates_on } : null;
    case 'in_trial':
    case 'presale':
      return { kind: 'activates', date: m.begin_date };
    case 'cancelled':
    case 'cancelled_in_presale':
    case 'cancelled_in_trial':
      return m.end_date ? { kind: 'ended', date: m.end_date } : null;
    case 'stopped':
      return null;
  }
}
