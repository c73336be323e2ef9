import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * GET /v1/prefix/list. The list (about 210 entries, marked with the operator's whitelist)
 * does not change with the membership, so it is loaded once per session and kept.
 */
export function usePhonePrefixes(enabled = true) {
  return useQuery({
    queryKey: ['phone-prefixes'],
    queryFn: ({ signal }) => api('phonePrefixes', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
