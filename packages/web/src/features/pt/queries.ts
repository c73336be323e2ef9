import type { PtWidgetKind } from '@portal/contract';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys, reloadInvoices } from '../../lib/membership.ts';

/**
 * POST /v1/pt/widget_session: the provider's script address and a short-lived token signed
 * for this member and widget. A mutation, asked for on every mount and retry: a token is
 * never reused nor kept (gcTime 0), and opening a widget changes nothing in the membership,
 * so it does not reload it. A 404 (no PT here) is an answer, not a missing feature.
 */
export const widgetSessionMutation = () =>
  mutationOptions({
    mutationKey: ['pt', 'widget-session'],
    mutationFn: (widget: PtWidgetKind) =>
      api('ptWidgetSession', { body: { widget }, notFoundIsAnswer: true }),
    gcTime: 0,
    meta: { reloadMembership: false },
  });

/** A package bought in the widget is billed as an invoice line: /payment shows it. */
export function reloadAfterPurchase(queryClient: QueryClient) {
  return Promise.all([
    reloadInvoices(queryClient),
    queryClient.invalidateQueries({ queryKey: queryKeys.nextInvoice }),
  ]);
}
