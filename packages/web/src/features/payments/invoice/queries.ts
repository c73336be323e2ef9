import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/membership.ts';

/**
 * GET /v1/membership/invoices/:id. Under the invoices key, so whatever reloads the invoice
 * list (a refund, a retried payment) reloads an open invoice too; loaded again on every
 * visit, as a refund shows on it.
 */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: [...queryKeys.invoices, id],
    queryFn: ({ signal }) => api('invoice', { params: { id }, signal, notFoundIsAnswer: true }),
    staleTime: 0,
  });
}
