import type { Location } from '@portal/contract';
import { mutationOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { logEvent } from '../../lib/events.ts';

/** GET /v1/membership/locations: the operator's clubs with their dates. */
export function useClubs() {
  return useQuery({
    queryKey: ['locations'],
    queryFn: ({ signal }) => api('locations', { signal }),
  });
}

/** POST /v1/membership/update-location: the member's new primary club, logged with its id. */
export const changeClubMutation = () =>
  mutationOptions({
    mutationFn: (club: Location) => api('updateLocation', { body: { location_id: club.id } }),
    onMutate: (club) => logEvent('club_change', 'in_progress', { location_id: club.id }),
    onSuccess: (_d, club) => logEvent('club_change', 'success', { location_id: club.id }),
    onError: (_e, club) => logEvent('club_change', 'failure', { location_id: club.id }),
  });
