import type { DoorCheckIn, DoorCheckInRequest, Workouts } from '@portal/contract';
import { getOperator } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { ruleViolation, unauthorized } from '../../http/errors.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { type DoorRefusal, recordCheckIns } from './check-ins.ts';
import * as repo from './repository.ts';

/** What a door system reads in a refusal (English: it is a machine's log, not a member's screen). */
const REFUSAL_TEXTS: Record<DoorRefusal, string> = {
  check_in_in_future: 'The check-in is dated in the future.',
  unknown_code: 'No chip or PIN of this operator has this code.',
  key_not_active: 'The chip or PIN was not active at that time.',
  invalid_status_for_check_in: 'The membership does not train at that time.',
  club_not_in_product: "The membership's product does not include this club.",
  ambiguous_code: 'The code belongs to more than one membership.',
  check_in_id_reused: 'This check-in id was already used for another check-in.',
};

export function createWorkoutsService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    /** Check-ins per month in the operator's timezone, up to the current month, with year-to-date sums. */
    async get(auth: AuthContext): Promise<Workouts> {
      const { timezone } = getOperator(auth.operatorId);
      const rows = await repo.workoutMonths(db, auth.memberId, timezone, clock.now());
      return {
        total: rows[0]?.total ?? 0,
        months: rows.map(({ year, month, count, ytd }) => ({ year, month, count, ytd })),
      };
    },

    /** POST /v1/door/check_ins from the door system of `clubId` (its key already checked). */
    async checkIn(clubId: string, request: DoorCheckInRequest): Promise<DoorCheckIn> {
      // The contract only lets real calendar instants through (2026-02-30 is a 400).
      const at = new Date(request.at);
      // A key configured for a club that is not in the database authenticates nothing.
      const club = await repo.findClub(db, clubId);
      if (!club) throw unauthorized('The club of this key is unknown.');
      const delivery = { checkInId: request.check_in_id, code: request.code, at };
      const outcome = (await recordCheckIns(db, club, [delivery], clock.now()))[0]!;
      if ('counted' in outcome) return outcome.counted;
      const { refusal, status } = outcome;
      throw ruleViolation(refusal, REFUSAL_TEXTS[refusal], status ? { status } : undefined);
    },
  };
}

export type WorkoutsService = ReturnType<typeof createWorkoutsService>;
