declare module 'virtual:portal-api-routes' {
  import type { EndpointName } from '@portal/contract';

  /** What the API client needs to send a call before the contract's schemas are loaded. */
  export interface ApiRoute {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    /** Below /api, Fastify style params (`:id`). */
    path: string;
    /** Sends the session's bearer token; a 401 ends the session. */
    auth: boolean;
    /** Answers 204 No Content. */
    noContent: boolean;
  }

  /** Every endpoint of @portal/contract, from packages/web/vite/api-routes.ts. */
  export const routes: Record<EndpointName, ApiRoute>;
}
