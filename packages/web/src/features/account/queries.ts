import type { ChangePasswordRequest, DataExport } from '@portal/contract';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { logEvent } from '../../lib/events.ts';

const SESSIONS = ['account', 'sessions'] as const;

/** GET /v1/membership/sessions: the member's signed-in devices, this one marked current. */
export const sessionsQuery = () => queryOptions({ queryKey: SESSIONS, queryFn: () => api('sessions') });

/**
 * DELETE /v1/membership/sessions/{id}: signs one other device out. Ending a session changes
 * nothing in the membership, so only the device list reloads; `onEnded` is the page's answer.
 */
export const endSessionMutation = (
  queryClient: QueryClient,
  onEnded: (session: { id: string; device: string }) => void,
) =>
  mutationOptions({
    mutationFn: (session: { id: string; device: string }) =>
      api('endSession', { params: { id: session.id } }),
    meta: { reloadMembership: false },
    onSuccess: (_, session) => {
      onEnded(session);
      void queryClient.invalidateQueries({ queryKey: SESSIONS });
    },
  });

/** DELETE /v1/membership/sessions?others=true: signs every other device out. */
export const endOtherSessionsMutation = (queryClient: QueryClient, onEnded: () => void) =>
  mutationOptions({
    mutationFn: () => api('endOtherSessions', { query: { others: 'true' } }),
    meta: { reloadMembership: false },
    onSuccess: () => {
      onEnded();
      void queryClient.invalidateQueries({ queryKey: SESSIONS });
    },
  });

/** POST /v1/membership/password; `onRefused` lets the form place a refusal at its field. */
export const changePasswordMutation = (onRefused: (error: Error) => void) =>
  mutationOptions({
    mutationFn: (body: ChangePasswordRequest) => api('changePassword', { body }),
    onMutate: () => logEvent('password_change', 'in_progress'),
    onSuccess: () => logEvent('password_change', 'success'),
    onError: (error) => {
      logEvent('password_change', 'failure');
      onRefused(error);
    },
  });

/**
 * GET /v1/membership/export: everything stored about the member. Reading data changes nothing
 * the portal shows, so the membership does not reload; `onExported` saves the file.
 */
export const dataExportMutation = (onExported: (data: DataExport) => void) =>
  mutationOptions({
    mutationFn: () => api('exportData'),
    meta: { reloadMembership: false },
    onMutate: () => logEvent('data_download', 'in_progress'),
    onSuccess: (data) => {
      onExported(data);
      logEvent('data_download', 'success');
    },
    onError: () => logEvent('data_download', 'failure'),
  });
