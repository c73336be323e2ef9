import { type Endpoint, ErrorBody } from '@portal/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from './request-context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Registered from the contract, whose schemas check the text rule (plugins/security.ts). */
    contractInput?: boolean;
  }
}

/** All API routes live below this prefix: the API's base is `<origin>/api`. */
export const API_PREFIX = '/api';

/** Longer path parameters (and, on unknown API paths, path segments) are a 400: no id of ours comes close. */
export const MAX_PARAM_LENGTH = 200;

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The 2xx body a handler resolves to; for a 204 endpoint whatever it resolves to is ignored. */
export type EndpointResult<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : unknown;

export interface RouteContext<E extends Endpoint> {
  body: Input<E['body']>;
  query: Input<E['query']>;
  params: Input<E['params']>;
  /** The signed-in member; present on every endpoint with `auth: true`. */
  auth: E['auth'] extends true ? AuthContext : AuthContext | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /**
   * The session check (an async hook that throws to refuse), run for `auth: true` endpoints
   * after the request limits and before the body is parsed or validated.
   */
  requireAuth?: preHandlerHookHandler;
  /**
   * Checks another credential (a club's door key) before the body is parsed, after the
   * request limits: a wrong key is a 401 whatever the body holds. Throws to refuse.
   */
  authenticate?: (request: FastifyRequest) => void;
  /** Answers 429 from limits of its own (a service's), not only from `config.rateLimit`. */
  rateLimited?: boolean;
  /** Extra route config, e.g. per-route rate limits. */
  config?: RouteShorthandOptions['config'];
}

const errorResponses = {
  400: ErrorBody.describe('Malformed or invalid input (invalid_request, the field in context.field)'),
  401: ErrorBody.describe('No, unknown, expired or revoked session (unauthorized)'),
  404: ErrorBody.describe('Unknown or not yours (not_found)'),
  422: ErrorBody.describe('A business rule refused the request'),
  // Any request: Node's parser refuses headers over its limit before a route is chosen.
  431: ErrorBody.describe('The request headers are too large (invalid_request, context.field headers)'),
  503: ErrorBody.describe('The database is not there (service_unavailable), see Retry-After'),
};
const rateLimitedResponse = {
  429: ErrorBody.describe('Rate limited (rate_limited), see Retry-After'),
};

/**
 * Registers one call of the contract's `endpoints`: method, path, body/query/params and
 * response schemas come from there, so the route, its validation and the OpenAPI document
 * cannot drift from the contract. The handler returns the 2xx body (or nothing for 204).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: (ctx: RouteContext<E>) => Promise<EndpointResult<E>>,
): void {
  if (endpoint.auth && !options.requireAuth) throw new Error(`${endpoint.path} needs requireAuth`);
  if (endpoint.auth && options.authenticate)
    throw new Error(`${endpoint.path}: a session or a key, not both`);
  const authenticate = options.authenticate;
  const requireAuth = endpoint.auth ? options.requireAuth : undefined;
  const success = endpoint.response
    ? { 200: endpoint.response }
    : { 204: z.undefined().describe('No Content') };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    schema: {
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.auth ? { security: [{ bearer: [] }] } : {}),
      ...(authenticate ? { security: [{ clubKey: [] }] } : {}),
      response: {
        ...success,
        ...errorResponses,
        ...(options.rateLimited || options.config?.rateLimit ? rateLimitedResponse : {}),
      },
    },
    // The contract's schemas check its text rule themselves (plugins/security.ts skips these).
    config: { ...options.config, contractInput: true },
    // The session is checked before the body is read or validated: without a live session
    // the answer is 401 whatever the body holds (docs/security.md, R11).
    ...(requireAuth
      ? {
          preParsing: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            await requireAuth.call(app, request, reply, () => {});
            return payload;
          },
        }
      : {}),
    ...(authenticate
      ? {
          preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
            authenticate(request);
            return payload;
          },
        }
      : {}),
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body as RouteContext<E>['body'],
        query: request.query as RouteContext<E>['query'],
        params: request.params as RouteContext<E>['params'],
        auth: request.auth as RouteContext<E>['auth'],
        request,
        reply,
      });
      if (endpoint.response === null) return reply.code(204).send();
      return reply.code(200).send(result);
    },
  });
}
