import type { Workouts } from '@portal/contract';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { todayFor } from '../membership/facts.ts';
import { listWorkoutMonths } from './repository.ts';

export function createWorkoutsService(deps: AppDeps) {
  return {
    /** Visits per month up to the current month, oldest first, with the year-to-date sum. */
    async get(auth: AuthContext): Promise<Workouts> {
      const { today } = todayFor(auth.operatorId, deps.clock);
      const current = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7));
      const rows = (await listWorkoutMonths(deps.db, auth.memberId)).filter(
        (r) => r.year * 12 + r.month <= current,
      );
      let total = 0;
      let ytd = 0;
      let year: number | null = null;
      const months = rows.map((r) => {
        if (r.year !== year) {
          year = r.year;
          ytd = 0;
        }
        ytd += r.count;
        total += r.count;
        return { year: r.year, month: r.month, count: r.count, ytd };
      });
      return { total, months };
    },
  };
}

export type WorkoutsService = ReturnType<typeof createWorkoutsService>;
