import type { IsoDate } from './dates.ts';
import type { MembershipFacts, SignupKind } from './status.ts';

/** A stored membership's dated columns (the memberships table, camelCase as Drizzle reads them). */
export interface MembershipRowDates {
  signupKind: SignupKind;
  beginDate: IsoDate;
  cancelledOn: IsoDate | null;
  endDate: IsoDate | null;
  stoppedOn: IsoDate | null;
  withdrawnOn: IsoDate | null;
}

/** A stored freeze period's columns. */
export interface FreezeRowDates {
  id: string;
  beginDate: IsoDate;
  endDate: IsoDate;
  cancelDate: IsoDate | null;
}

/** The dated facts of stored rows, as domain rules read them. */
export function membershipFacts(
  membership: MembershipRowDates,
  freezes: readonly FreezeRowDates[],
): MembershipFacts {
  return {
    signup_kind: membership.signupKind,
    begin_date: membership.beginDate,
    cancelled_on: membership.cancelledOn,
    end_date: membership.endDate,
    stopped_on: membership.stoppedOn,
    withdrawn_on: membership.withdrawnOn,
    freeze_periods: freezes.map((f) => ({
      id: f.id,
      begin_date: f.beginDate,
      end_date: f.endDate,
      cancel_date: f.cancelDate,
    })),
  };
}
