import { z } from 'zod';

export const WorkoutMonth = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  count: z.number().int().nonnegative(),
  /** Year to date, including this month. */
  ytd: z.number().int().nonnegative(),
});
export const Workouts = z.object({ total: z.number().int().nonnegative(), months: z.array(WorkoutMonth) });
export type Workouts = z.infer<typeof Workouts>;
