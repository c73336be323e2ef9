import { mutationOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { logEvent } from '../../lib/events.ts';

/** PUT /v1/membership/gdpr: gives (true) or withdraws (false) the marketing consent. */
export const consentMutation = () =>
  mutationOptions({
    mutationFn: (optIn: boolean) => api('updateGdpr', { body: { gdpr_opt_in: optIn } }),
    onMutate: (optIn) => logEvent('consent_change', 'in_progress', { gdpr_opt_in: optIn }),
    onSuccess: (_d, optIn) => logEvent('consent_change', 'success', { gdpr_opt_in: optIn }),
    onError: (_e, optIn) => logEvent('consent_change', 'failure', { gdpr_opt_in: optIn }),
  });
