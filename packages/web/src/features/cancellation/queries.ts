import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/membership.ts';

/**
 * GET /v1/membership/policies/cancellation: the end date a cancellation made now gets and
 * the reasons it is refused. Under the membership key, so every change reloads it.
 */
export function useCancellationPolicy() {
  return useQuery({
    queryKey: queryKeys.cancellationPolicy,
    queryFn: ({ signal }) => api('cancellationPolicy', { signal }),
    staleTime: 0,
  });
}
