// Modules the build makes (packages/web/vite): their types for TypeScript.

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

declare module 'virtual:portal-api-responses' {
  import type { EndpointName, endpoints } from '@portal/contract';

  /** The error body's schema. */
  export { ErrorBody } from '@portal/contract';

  /** Each endpoint's response schema, none for a 204 (packages/web/vite/api-routes.ts). */
  export const responses: {
    [N in EndpointName]?: NonNullable<(typeof endpoints)[N]['response']>;
  };
}

declare module '*.json?public' {
  import type { Catalogue } from './lib/i18n.ts';

  /** The signed-out sections of a catalogue (packages/web/vite/catalogue-parts.ts). */
  const catalogue: Catalogue;
  export default catalogue;
}

declare module '*.json?app' {
  import type { Catalogue } from './lib/i18n.ts';

  /** A catalogue without the sections only later pages use (packages/web/vite/catalogue-parts.ts). */
  const catalogue: Catalogue;
  export default catalogue;
}

declare module '*.json?later' {
  import type { Catalogue } from './lib/i18n.ts';

  /** Those sections (LATER_SECTIONS in packages/web/vite/catalogue-parts.ts). */
  const catalogue: Catalogue;
  export default catalogue;
}

/** The demo build only: the server's migrations as drizzle's migrator reads them (vite/migrations.ts). */
declare module 'virtual:portal-migrations' {
  const migrations: import('drizzle-orm/migrator').MigrationMeta[];
  export default migrations;
}
