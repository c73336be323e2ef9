import { queryOptions } from '@tanstack/react-query';
import { api, isErrorResponse } from '../../lib/api.ts';

/**
 * GET /v1/current_referral: the operator's promotion. A 404 means there is none now (an
 * answer, so no 'not implemented' banner): null.
 */
export const currentReferralQuery = () =>
  queryOptions({
    queryKey: ['referral', 'current'],
    queryFn: async ({ signal }) => {
      try {
        return await api('currentReferral', { signal, notFoundIsAnswer: true });
      } catch (error) {
        if (!isErrorResponse(error, 404)) throw error;
        return null;
      }
    },
  });
