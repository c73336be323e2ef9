import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLoadedMembership } from '../../../lib/membership.ts';
import { cardRegistrationMutation } from '../queries.ts';
import { type CardUpdateResult, providerParams, registrationResult, storedResult } from './cardUpdate.ts';

const CONFIRMING: CardUpdateResult = { outcome: 'unknown', retried: [], errorType: null };

/**
 * The return from the card provider on /payment/payment-method-updated: posts every query
 * parameter plus location_id to POST /v1/membership/verifone_credit_card exactly once, takes
 * them off the address at once (a reload or a shared link never posts them again) and
 * keeps the result in the history entry, so the banner survives a reload without a second
 * post. Null when there is nothing to show (no parameters and no result).
 */
export function useCardRegistration(): CardUpdateResult | null {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locationId = useLoadedMembership().location.id;
  // Read on the first render only: the address loses them right after.
  const [params] = useState(() => providerParams(location.search));
  // A ref survives StrictMode's second run of the effect, so the post goes out once.
  const posted = useRef(false);
  const register = useMutation(cardRegistrationMutation(queryClient));
  const { mutate } = register;
  const { pathname } = location;

  useEffect(() => {
    if (!params || posted.current) return;
    posted.current = true;
    navigate({ pathname, search: '' }, { replace: true });
    mutate(
      { ...params, location_id: locationId },
      {
        // Only called while the page is still open: a member who left is not brought back.
        onSettled: (answer, error) =>
          navigate(pathname, { replace: true, state: { cardUpdate: registrationResult(answer, error) } }),
      },
    );
  }, [params, pathname, locationId, navigate, mutate]);

  if (register.isSuccess || register.isError) return registrationResult(register.data, register.error);
  if (params) return CONFIRMING;
  return storedResult(location.state);
}
