import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** GET /v2/workouts: the member's workouts per month with each year's running total. */
export const workoutsQuery = () =>
  queryOptions({
    queryKey: ['workouts'],
    queryFn: ({ signal }) => api('workouts', { signal }),
  });
