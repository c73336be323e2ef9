import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * GET /v1/content: home's highlights (already filtered by the member's status) and article
 * teasers in the language of `locale`. The locale is in the key, so a language change loads
 * them again; under the membership key, so a change of status (a freeze, a cancellation)
 * reloads the highlights with the membership.
 */
export const homeContentQuery = (locale: string) =>
  queryOptions({
    queryKey: ['membership', 'content', locale],
    queryFn: ({ signal }) => api('content', { query: { locale }, signal }),
  });
