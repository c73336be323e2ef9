import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ErrorResponse, ContractError } from './api.ts';
import { queryKeys } from './membership.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Logged-out calls (sign-in, reset) have no membership to reload. */
      reloadMembership?: boolean;
    };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ErrorResponse && error.status < 500) return false;
  if (error instanceof ContractError) return false;
  return failureCount < 1;
}

/**
 * One QueryClient for the app. After any non-GET call (every mutation) the membership
 * is loaded again, whether the call succeeded or not.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onSettled: (_data, _error, _variables, _result, mutation) => {
        if (mutation.meta?.reloadMembership === false) return;
        return client.invalidateQueries({ queryKey: queryKeys.membershipAll });
      },
    }),
  });
  return client;
}
