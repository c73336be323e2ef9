import type { Membership } from '@portal/contract';
import { hasPaymentAlert } from '@portal/domain';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { chosenLocale, useLocale } from './i18n.ts';

/**
 * Query keys shared by the whole app. The membership key includes the locale, so a
 * language change loads it again (docs/portal-screens.md); every mutation invalidates
 * `queryKeys.membershipAll` (see queryClient.ts).
 */
export const queryKeys = {
  membershipAll: ['membership'] as const,
  membership: (locale: string) => ['membership', locale] as const,
  /** Policies live under the membership key, so every change reloads them as well. */
  freezePolicy: ['membership', 'policy', 'freeze'] as const,
  cancellationPolicy: ['membership', 'policy', 'cancellation'] as const,
  invoices: ['invoices'] as const,
  /** The next payment (payments shows it, a PT purchase changes it), under the membership key. */
  nextInvoice: ['membership', 'invoices', 'next'] as const,
};

export function useMembership() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.membership(locale),
    // A language picked here is sent as `locale`, which the server stores as the member's.
    queryFn: ({ signal }) => {
      const chosen = chosenLocale(locale);
      return api('membership', { query: chosen ? { locale: chosen } : {}, signal });
    },
    // While a language change loads the membership again, every screen keeps showing the one
    // it has, also a screen opened meanwhile (keepPreviousData alone covers only screens that
    // were already open: a page opened then would find no membership and fail).
    placeholderData: (previous) => keepPreviousData(previous) ?? membershipInAnyLocale(queryClient),
  });
}

/** The membership as loaded in any locale (the cache holds one per language used). */
function membershipInAnyLocale(queryClient: QueryClient): Membership | undefined {
  const cached = queryClient.getQueriesData<Membership>({
    queryKey: queryKeys.membershipAll,
    predicate: (query) => query.queryKey.length === 2,
  });
  return cached.find(([, data]) => data !== undefined)?.[1];
}

/** The membership inside the shell, which renders its pages only once it is loaded. */
export function useLoadedMembership(): Membership {
  const { data } = useMembership();
  if (!data) throw new Error('useLoadedMembership is used outside the logged-in shell');
  return data;
}

/**
 * GET /v1/membership/policies/freeze: months left, eligibility, the current and scheduled
 * freeze. Shared by the freeze page and the cancellation flow's freeze offer.
 */
export function useFreezePolicy({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.freezePolicy,
    queryFn: ({ signal }) => api('freezePolicy', { signal }),
    staleTime: 0,
    enabled,
  });
}

export function useInvoices() {
  return useQuery({
    queryKey: queryKeys.invoices,
    queryFn: ({ signal }) => api('invoices', { signal }),
  });
}

/**
 * Reloads the invoice list (and the payment alert with it) after a change that bills or
 * refunds: a card update or refund in payments, a PT package bought in the widget.
 */
export function reloadInvoices(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.invoices });
}

/** Whether the payment alert marker shows (a declined invoice with a period). */
export function usePaymentAlert(): boolean {
  const invoices = useInvoices();
  return invoices.data ? hasPaymentAlert(invoices.data) : false;
}
