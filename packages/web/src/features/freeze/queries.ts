import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/membership.ts';

/**
 * GET /v1/membership/policies/freeze. Its key sits under the membership key, so every
 * change (each mutation reloads the membership) loads the policy again too.
 */
export function useFreezePolicy() {
  return useQuery({
    queryKey: queryKeys.freezePolicy,
    queryFn: ({ signal }) => api('freezePolicy', { signal }),
    staleTime: 0,
  });
}
