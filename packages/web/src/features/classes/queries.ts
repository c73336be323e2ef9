import { mutationOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import { API_BASE, api, ErrorResponse } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

const TIMETABLE_KEY = ['classes', 'timetable'] as const;

/** GET /v1/membership/classes: the next 14 days at the operator's open clubs, with the member's bookings. */
export function useTimetable(enabled = true) {
  return useQuery({
    queryKey: TIMETABLE_KEY,
    queryFn: ({ signal }) => api('classTimetable', { signal, notFoundIsAnswer: true }),
    enabled,
  });
}

const reload = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: TIMETABLE_KEY });

/** POST …/booking: a place, or a place on the waitlist with its position. */
export const bookMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (sessionId: string) => api('bookClass', { params: { id: sessionId } }),
    onSettled: () => reload(queryClient),
    meta: { reloadMembership: false },
  });

/** DELETE …/booking: the place goes to the first on the waitlist. */
export const cancelMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (sessionId: string) => api('cancelClassBooking', { params: { id: sessionId } }),
    onSettled: () => reload(queryClient),
    meta: { reloadMembership: false },
  });

/**
 * Saves the member's bookings (or one booking) as an .ics file: fetched with the session's
 * token, handed to the browser as a download.
 */
export async function downloadCalendar(sessionId?: string): Promise<void> {
  const query = sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : '';
  const url = `${API_BASE}/v1/membership/classes/bookings.ics${query}`;
  const token = session.token;
  const response = await fetch(url, {
    headers: { Accept: 'text/calendar', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new ErrorResponse(response.status, null, 'GET', url);
  const file = new Blob([await response.text()], { type: 'text/calendar' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = sessionId ? `class-${sessionId}.ics` : 'classes.ics';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
