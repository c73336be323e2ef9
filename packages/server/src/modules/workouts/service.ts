import type { DoorCheckIn, DoorCheckInRequest, Workouts } from '@portal/contract';
import { DOOR_CLUB_UNKNOWN, DOOR_REFUSAL_TEXTS, getOperator, parseEntryCode } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { ruleViolation, serviceUnavailable, unauthorized } from '../../http/errors.ts';
import type { EntryService } from '../entry/service.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { type CheckInOutcome, recordCheckIns } from './check-ins.ts';
import * as repo from './repository.ts';

export function createWorkoutsService(deps: AppDeps, entry: EntryService) {
  const { db, clock } = deps;

  return {
    /** Check-ins per month in the operator's timezone (domain countWorkouts' rule, counted in SQL). */
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
      if (!club) throw unauthorized(DOOR_CLUB_UNKNOWN);
      const phone = parseEntryCode(request.code);
      // One transaction: the member's lock holds from the repeat check to the insert.
      const outcome = await db.transaction(async (tx): Promise<CheckInOutcome | 'unavailable'> => {
        let delivery = { checkInId: request.check_in_id, code: request.code, at };
        let used: { deviceId: string; period: number } | null = null;
        if (phone) {
          // A phone's code (ADR 042): its digits checked under the device's lock, then
          // counted under the device's key like a chip.
          const stored = await repo.findCheckIns(tx, club.id, [request.check_in_id]);
          const check = await entry.checkDoorCode(tx, club.operatorId, phone, at, stored.length > 0);
          if ('unavailable' in check) return 'unavailable';
          if ('refusal' in check) return check;
          delivery = { ...delivery, code: check.keyCode };
          if (check.period !== null) used = { deviceId: check.deviceId, period: check.period };
        }
        const [result] = await recordCheckIns(tx, club, [delivery], clock.now());
        if (!result) throw new Error('recordCheckIns answered nothing');
        if (used && 'counted' in result) await entry.markUsed(tx, used.deviceId, used.period, at);
        return result;
      });
      if (outcome === 'unavailable') throw serviceUnavailable();
      if ('counted' in outcome) return outcome.counted;
      const { refusal, status } = outcome;
      throw ruleViolation(refusal, DOOR_REFUSAL_TEXTS[refusal], status ? { status } : undefined);
    },
  };
}

export type WorkoutsService = ReturnType<typeof createWorkoutsService>;
