import type { InvoicePaymentReturn } from '@portal/contract';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { reloadInvoices } from '../../../lib/membership.ts';

/** POST /v1/membership/invoices/{id}/pay: the provider's page for the invoice's amount. */
export const payInvoiceMutation = (invoiceId: string) =>
  mutationOptions({
    mutationFn: () => api('payInvoice', { params: { id: invoiceId }, body: {} }),
  });

/** POST /v1/membership/invoices/{id}/pay/return: the provider's return, checked and booked by the server. */
export const invoicePaymentReturnMutation = (queryClient: QueryClient, invoiceId: string) =>
  mutationOptions({
    mutationFn: (body: InvoicePaymentReturn) =>
      api('invoicePaymentReturn', { params: { id: invoiceId }, body }),
    // The invoice is paid (or still open): the list and the payment alert read it again.
    onSettled: () => reloadInvoices(queryClient),
  });
