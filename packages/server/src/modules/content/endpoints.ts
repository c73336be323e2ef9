import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { ContentService } from './service.ts';

export function contentEndpoints(content: ContentService, session: Credential) {
  return {
    content: defineEndpoint(endpoints.content, {
      credential: session,
      handle: ({ auth, query, log }) => content.home(auth, query.locale, log),
    }),
  };
}
