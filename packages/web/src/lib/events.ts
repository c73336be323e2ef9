import type { EventRequest } from '@portal/contract';
import { api } from './api.ts';

/**
 * Logs a view or a change (POST /v1/membership/event). Fire and forget:
 * a failed log never bothers the member, and it is not a mutation, so it does not reload
 * the membership.
 */
export function logEvent(
  action: string,
  status: EventRequest['status'],
  details?: Record<string, unknown>,
): void {
  api('logEvent', { body: details ? { action, status, details } : { action, status } }).catch(() => {});
}
