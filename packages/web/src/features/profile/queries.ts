import type { PhoneVerification } from '@portal/contract';
import { toE164 } from '@portal/domain';
import { mutationOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { logEvent } from '../../lib/events.ts';
import { type ProfileFormValues, updateRequest } from './profileForm.ts';

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

/**
 * POST /v1/membership/phone_verify: an SMS code to the new number, for this host's operator;
 * `onSent` moves the page to the code step.
 */
export const verifyPhoneMutation = (onSent: (answer: PhoneVerification) => void) =>
  mutationOptions({
    mutationFn: (values: ProfileFormValues) =>
      api('verifyPhone', { body: { domain: window.location.hostname, mobile: toE164(values.mobile) } }),
    onMutate: () => logEvent('phone_verify', 'in_progress'),
    onSuccess: (answer) => {
      logEvent('phone_verify', 'success');
      onSent(answer);
    },
    onError: () => logEvent('phone_verify', 'failure'),
  });

export type ProfileSave = { values: ProfileFormValues; code?: string };

/** PATCH /v1/membership/profile, with the SMS code where the mobile needs one. */
export const updateProfileMutation = () =>
  mutationOptions({
    mutationFn: ({ values, code }: ProfileSave) =>
      api('updateProfile', { body: updateRequest(values, code) }),
    onMutate: () => logEvent('profile_update', 'in_progress'),
    onSuccess: () => logEvent('profile_update', 'success'),
    onError: () => logEvent('profile_update', 'failure'),
  });
