import { mutationOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { logEvent } from '../../lib/events.ts';
import { queryKeys } from '../../lib/membership.ts';
import type { DeclarationValues } from './declaration/declarationForm.ts';
import { statutoryBody } from './declaration/statutoryForm.ts';

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

/** Every cancellation, by the flow or by the statutory declaration, is logged the same way. */
const loggedCancellation = {
  onMutate: () => logEvent('cancellation', 'in_progress'),
  onSuccess: () => logEvent('cancellation', 'success'),
  onError: () => logEvent('cancellation', 'failure'),
};

/** POST /v1/membership/cancellations from the flow, with the consent answer where it asked. */
export const cancelMutation = () =>
  mutationOptions({
    mutationFn: (gdprOptIn: boolean | undefined) =>
      api('cancel', { body: gdprOptIn === undefined ? {} : { gdpr_opt_in: gdprOptIn } }),
    ...loggedCancellation,
  });

/** POST /v1/membership/cancellations with the statutory declaration's fields. */
export const statutoryCancelMutation = () =>
  mutationOptions({
    mutationFn: (values: DeclarationValues) => api('cancel', { body: statutoryBody(values) }),
    ...loggedCancellation,
  });

/** POST /v1/membership/withdrawal: the withdrawal button's one step. */
export const withdrawalMutation = () =>
  mutationOptions({
    mutationFn: () => api('withdrawal', { body: {} }),
    onMutate: () => logEvent('withdrawal', 'in_progress'),
    onSuccess: () => logEvent('withdrawal', 'success'),
    onError: () => logEvent('withdrawal', 'failure'),
  });

/** DELETE /v1/membership/cancellations: takes the cancellation back before the end date. */
export const reactivateMutation = () =>
  mutationOptions({
    mutationFn: () => api('reactivate'),
    onMutate: () => logEvent('reactivation', 'in_progress'),
    onSuccess: () => logEvent('reactivation', 'success'),
    onError: () => logEvent('reactivation', 'failure'),
  });
