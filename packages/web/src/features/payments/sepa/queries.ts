import type { SepaMandate, SepaMandateRequest } from '@portal/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api, isErrorResponse } from '../../../lib/api.ts';

export const sepaKeys = { mandate: ['membership', 'sepa-mandate'] as const };

/** The creditor a mandate is given to (named on the form before a mandate exists). */
export interface SepaCreditor {
  creditor_id: string;
  creditor_name: string;
}

export type SepaMandateState = { mandate: SepaMandate } | { mandate: null; creditor: SepaCreditor | null };

/**
 * GET /v1/membership/sepa_mandate: the mandate in use; a 404 `no_sepa_mandate` is an answer
 * (the member pays by card), which names the creditor for the mandate form.
 */
export const sepaMandateQuery = () =>
  queryOptions({
    queryKey: sepaKeys.mandate,
    queryFn: async ({ signal }): Promise<SepaMandateState> => {
      try {
        return { mandate: await api('sepaMandate', { signal, notFoundIsAnswer: true }) };
      } catch (error) {
        if (!isErrorResponse(error, 404)) throw error;
        const context = error.errors[0]?.context as Partial<SepaCreditor> | undefined;
        const creditor =
          context?.creditor_id && context.creditor_name
            ? { creditor_id: context.creditor_id, creditor_name: context.creditor_name }
            : null;
        return { mandate: null, creditor };
      }
    },
  });

/** PUT /v1/membership/sepa_mandate: a new bank account, the password asked again. */
export const changeSepaMandateMutation = () =>
  mutationOptions({
    mutationFn: (body: SepaMandateRequest) => api('changeSepaMandate', { body }),
  });
