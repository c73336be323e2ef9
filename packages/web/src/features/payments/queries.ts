import type { CardProvider, VerifoneCreditCardRequest } from '@portal/contract';
import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, isErrorResponse } from '../../lib/api.ts';
import { logEvent } from '../../lib/events.ts';
import { queryKeys, reloadInvoices } from '../../lib/membership.ts';

/**
 * The next payment and the refundable items sit under the membership key: every change
 * reloads the membership (queryClient.ts), and with it these two. The invoice list has a
 * key of its own (the shell's payment alert reads it), so the changes made here reload it
 * themselves (see reloadInvoices in lib/membership.ts).
 */
export const paymentKeys = {
  next: queryKeys.nextInvoice,
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
        if (!isErrorResponse(error, 404)) throw error;
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
  request: { locale: string; location: string; base: string },
) =>
  queryOptions({
    queryKey: paymentKeys.cardForm(provider, request.locale),
    queryFn: ({ signal }) =>
      provider === 'dibs'
        ? api('dibsUrl', {
            query: {
              cancel: `${request.base}/payment/credit-card?cancelled=1`,
              success: `${request.base}/payment/payment-method-updated`,
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

/** POST /v1/membership/verifone_credit_card: the card the provider's checkout registered. */
export const cardRegistrationMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (body: VerifoneCreditCardRequest) => api('verifoneCreditCard', { body }),
    // The membership reloads after every change; the invoices (retried ones now paid) too.
    onSettled: () => reloadInvoices(queryClient),
  });

/** Logs a refund's progress (POST /v1/membership/event), as every change in the portal does. */
function loggedRefund(action: 'refund_closed_days' | 'manual_refund', invoiceId: string) {
  const details = { invoice_id: invoiceId };
  return {
    onMutate: () => logEvent(action, 'in_progress', details),
    onSuccess: () => logEvent(action, 'success', details),
    onError: () => logEvent(action, 'failure', details),
  };
}

/** POST /v1/membership/invoices/{id}/refund: the closed days paid back to the card. */
export function useCardRefund(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('refundInvoice', { params: { id: invoiceId }, body: {} }),
    ...loggedRefund('refund_closed_days', invoiceId),
    // The refund shows on the invoice; the refundable list reloads with the membership.
    onSettled: () => reloadInvoices(queryClient),
  });
}

/** POST /v1/membership/invoices/{id}/manual_refund with the account number. */
export function useBankRefund(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: string) =>
      api('manualRefundInvoice', { params: { id: invoiceId }, body: { bank_account_number: account } }),
    ...loggedRefund('manual_refund', invoiceId),
    onSettled: () => reloadInvoices(queryClient),
  });
}
