import { type ApiError, type Endpoint, type EndpointName, endpoints } from '@portal/contract';
import type { z } from 'zod';
import type { AuthContext } from '../http/auth-context.ts';

/**
 * The endpoint table: each call of the contract's `endpoints` with its use case, its
 * credential and its request limit, in no framework's terms. Fastify registers it
 * (http/route.ts) and `dispatch` answers from it without a server (endpoints/dispatch.ts),
 * both in the same order: limit (request stage), credential, input, limit (handler stage),
 * use case, answer check (docs/architecture.md, "Endpoints").
 */

/** All API routes live below this prefix: the API's base is `<origin>/api`. */
export const API_PREFIX = '/api';

type Input<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** The 2xx body a use case resolves to; for a 204 endpoint whatever it resolves to is ignored. */
export type EndpointResult<E extends Endpoint> = E['response'] extends z.core.$ZodType
  ? z.output<E['response']>
  : unknown;

/** The logger a use case writes to (pino's subset; what may be logged: http/logging.ts). */
export type { Log } from '../platform/log.ts';
import type { Log } from '../platform/log.ts';

/** Who sent the request, as the host saw it. */
export interface Client {
  /** The client's address (behind trusted proxies, the one they name). */
  ip: string;
  userAgent: string | undefined;
  authorization: string | undefined;
  /** The request's `Accept-Language`: signed-out calls write in it (docs/architecture.md, "The member's language"). */
  acceptLanguage: string | undefined;
  /** Scheme and host the request was addressed to, for addresses handed back (`https://de.example`). */
  readonly origin: string;
}

export interface EndpointContext<E extends Endpoint, R = undefined> {
  body: Input<E['body']>;
  query: Input<E['query']>;
  params: Input<E['params']>;
  /** The signed-in member; present on every endpoint with `auth: true`. */
  auth: E['auth'] extends true ? AuthContext : AuthContext | null;
  /** What the session check read beside the session (`sessionCredentialWith`). */
  read: R;
  /** The club whose door key the request carried (a `door-key` credential). */
  doorClubId: string | null;
  client: Client;
  /** The request's path and query as sent, for links to the next page. */
  url: string;
  log: Log;
  setHeader(name: string, value: string): void;
}

/**
 * How a request proves who sends it, checked before its body is read: a member's session
 * (`Authorization: Bearer <token>`, every `auth: true` endpoint) or a club's door key. Both
 * throw the refusal (401) themselves.
 */
export type Credential<R = undefined> =
  | {
      kind: 'session';
      check(authorization: string | undefined): Promise<{ session: AuthContext; read: R }>;
    }
  | { kind: 'door-key'; check(authorization: string | undefined): string };

/** A request limit: a fixed window per key, as @fastify/rate-limit counts it. */
export interface Limit {
  max: number;
  windowMs: number;
  /**
   * `request`: counted first, before the credential and the input (every try counts, forged
   * keys too); `handler`: after both, just before the use case (members count, not typos).
   */
  stage: 'request' | 'handler';
  /** The counter's key; without one, the client's address. */
  key?: (who: { auth: AuthContext | null; client: Client }) => string;
  /** The refusal over the limit, given the seconds left; without one the generic 429 (endpoints/answers.ts). */
  refusal?: (retryAfterSeconds: number) => ApiError;
}

export interface EndpointEntry<E extends Endpoint = Endpoint, R = unknown> {
  endpoint: E;
  credential: Credential<R> | null;
  limit: Limit | null;
  /** Answers 429 from limits of its own (the service's), not only from `limit`. */
  ownLimits: boolean;
  handle(ctx: EndpointContext<E, R>): Promise<EndpointResult<E>>;
}

export interface EndpointDefinition<E extends Endpoint, R> {
  credential?: Credential<R>;
  limit?: Limit;
  ownLimits?: boolean;
  handle(ctx: EndpointContext<E, R>): Promise<EndpointResult<E>>;
}

/** One table entry; an `auth: true` endpoint needs the session credential, and only it may have one. */
export function defineEndpoint<E extends Endpoint, R = undefined>(
  endpoint: E,
  definition: EndpointDefinition<E, R>,
): EndpointEntry<E, R> {
  const credential = definition.credential ?? null;
  if (endpoint.auth && credential?.kind !== 'session')
    throw new Error(`${endpoint.path} needs the session credential`);
  if (!endpoint.auth && credential?.kind === 'session')
    throw new Error(`${endpoint.path}: the contract says no session`);
  return {
    endpoint,
    credential,
    limit: definition.limit ?? null,
    ownLimits: definition.ownLimits ?? false,
    handle: definition.handle,
  };
}

type EntryOf<N extends EndpointName> = EndpointEntry<(typeof endpoints)[N], unknown>;

/** Every contract call, each with its entry, in the order the server registers them. */
export type EndpointTable = { readonly [N in EndpointName]: EntryOf<N> };

/** An area's entries. */
export type EndpointTablePart = { readonly [N in EndpointName]?: EntryOf<N> };

/** Joins the areas' parts: each contract call exactly once, with the contract's own endpoint. */
export function endpointTable(...parts: EndpointTablePart[]): EndpointTable {
  const table: Partial<Record<EndpointName, EndpointEntry>> = {};
  for (const part of parts) {
    for (const [name, entry] of Object.entries(part) as [EndpointName, EndpointEntry][]) {
      if (table[name]) throw new Error(`endpoint ${name} has two entries`);
      if (entry.endpoint !== endpoints[name]) throw new Error(`entry ${name} is not the contract's endpoint`);
      table[name] = entry;
    }
  }
  const missing = (Object.keys(endpoints) as EndpointName[]).filter((name) => !table[name]);
  if (missing.length > 0) throw new Error(`endpoints without an entry: ${missing.join(', ')}`);
  return table as EndpointTable;
}
