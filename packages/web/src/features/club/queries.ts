import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** GET /v1/membership/locations: the operator's clubs with their dates. */
export function useClubs() {
  return useQuery({
    queryKey: ['locations'],
    queryFn: ({ signal }) => api('locations', { signal }),
  });
}
