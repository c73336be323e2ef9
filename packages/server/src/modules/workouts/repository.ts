import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { workouts } from '../../db/schema.ts';

export function listWorkoutMonths(ex: Executor, memberId: string) {
  return ex
    .select({ year: workouts.year, month: workouts.month, count: workouts.count })
    .from(workouts)
    .where(eq(workouts.memberId, memberId))
    .orderBy(asc(workouts.year), asc(workouts.month));
}
