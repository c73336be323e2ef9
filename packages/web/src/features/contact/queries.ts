import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * GET /v1/contact. Under the membership key: a change of club (any change) reloads the
 * club's details with the membership.
 */
export const contactQuery = () =>
  queryOptions({
    queryKey: ['membership', 'contact'],
    queryFn: ({ signal }) => api('contact', { signal }),
  });
