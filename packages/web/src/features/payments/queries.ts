import type { CardProvider } from '@portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api.ts';
import { queryKeys } from '../../lib/membership.ts';

/**
 * The next payment and the refundable items sit under the membership key: every change
 * reloads the membership (queryClient.ts), and with it these two. The invoice list has a
 * key of its own (the shell's payment alert reads it), so the changes made here reload it
 * themselves (see reloadInvoices).
 */
export const paymentKeys = {
  next: ['membership', 'invoices', 'next'] as const,
  refundable: ['membership', 'invoices', 'refundable'] as const,
  cardForm: (provider: CardProvider, locale: string) => ['card-form', provider, locale] as const,
};

/** GET /v1/membership/invoices, newest first (the same query as the payment alert). */
export const invoicesQuery = () =>
  queryOptions({
    queryKey: queryKeys.invoices,
    queryFn: ({ signal }) => api('invoices', { signal }),
  });

/** GET /v1/membership/invoices/next. A 404 means no payment is scheduled: null. */
export const nextPaymentQuery = () =>
  queryOptions({
    queryKey: paymentKeys.next,
    queryFn: async ({ signal }) => {
      try {
        return await api('nextInvoice', { signal, notFoundIsAnswer: true });
      } catch (error) {
        if (!isApiError(error, 404)) throw error;
        return null;
      }
    },
  });

/** GET /v1/membership/invoices/refundable: invoices with days the club was closed. */
export const refundableQuery = () =>
  queryOptions({
    queryKey: paymentKeys.refundable,
    queryFn: ({ signal }) => api('refundableInvoices', { signal }),
  });

/**
 * The provider's card page: dibs' form address (embedded) or verifone's checkout address.
 * Each call opens a checkout on the server, so it is asked for once per visit of the page:
 * never refetched while the page is open, and forgotten when the page closes.
 */
export const cardFormQuery = (
  provider: CardProvider,
  request: { locale: string; location: string; origin: string },
) =>
  queryOptions({
    queryKey: paymentKeys.cardForm(provider, request.locale),
    queryFn: ({ signal }) =>
      provider === 'dibs'
        ? api('dibsUrl', {
            query: {
              cancel: `${request.origin}/payment/credit-card?cancelled=1`,
              success: `${request.origin}/payment/payment-method-updated`,
              locale: request.locale,
              location: request.location,
            },
            signal,
          })
        : api('verifoneUrl', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export function useInvoiceList() {
  return useQuery(invoicesQuery());
}

/** Reloads the invoice list (and the payment alert with it) after a card or refund change. */
export function reloadInvoices(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.invoices });
}
