import { ErrorBody } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Client, EndpointEntry, EndpointTable, Limit } from '../endpoints/table.ts';
import { API_PREFIX } from '../endpoints/table.ts';
import { withRequestLocale } from './auth-context.ts';

export { API_PREFIX } from '../endpoints/table.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Registered from the contract, whose schemas check the text rule (plugins/security.ts). */
    contractInput?: boolean;
  }
  interface FastifyInstance {
    /** The endpoint table this app registered (endpoints/table.ts), for `dispatch` beside it in tests. */
    endpointTable: EndpointTable;
  }
}

/** Longer path parameters (and, on unknown API paths, path segments) are a 400: no id of ours comes close. */
export const MAX_PARAM_LENGTH = 200;

const errorResponses = {
  400: ErrorBody.check(
    z.describe('Malformed or invalid input (invalid_request, the field in context.field)'),
  ),
  401: ErrorBody.check(z.describe('No, unknown, expired or revoked session (unauthorized)')),
  404: ErrorBody.check(z.describe('Unknown or not yours (not_found)')),
  422: ErrorBody.check(z.describe('A business rule refused the request')),
  // Any request: Node's parser refuses headers over its limit before a route is chosen.
  431: ErrorBody.check(
    z.describe('The request headers are too large (invalid_request, context.field headers)'),
  ),
  503: ErrorBody.check(z.describe('The database is not there (service_unavailable), see Retry-After')),
};
const rateLimitedResponse = {
  429: ErrorBody.check(z.describe('Rate limited (rate_limited), see Retry-After')),
};

/** The request's sender in the endpoint table's terms; the origin is worked out only when asked. */
function clientOf(request: FastifyRequest): Client {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    authorization: request.headers.authorization,
    acceptLanguage: request.headers['accept-language'],
    get origin() {
      return `${request.protocol}://${request.host}`;
    },
  };
}

/** A table entry's limit as @fastify/rate-limit's route config (counted in Redis when REDIS_URL is set). */
function rateLimitConfig(limit: Limit) {
  const { key, refusal } = limit;
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    // The plugin's default hook is onRequest: before the credential and the body.
    ...(limit.stage === 'handler' ? { hook: 'preHandler' as const } : {}),
    // Without a key the plugin's own: the address, an IPv6 one by its /56 subnet.
    ...(key
      ? { keyGenerator: (request: FastifyRequest) => key({ auth: request.auth, client: clientOf(request) }) }
      : {}),
    ...(refusal
      ? {
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            refusal(context.ttl / 1000),
        }
      : {}),
  };
}

/** Registers every call of the endpoint table, in its order. */
export function registerEndpoints(app: FastifyInstance, table: EndpointTable): void {
  for (const entry of Object.values(table) as EndpointEntry[]) registerEndpoint(app, entry);
  app.decorate('endpointTable', table);
}

/**
 * Registers one entry of the endpoint table: method, path, body/query/params and response
 * schemas come from the contract, so the route, its validation and the OpenAPI document
 * cannot drift from it; the use case answers the 2xx body (or nothing for 204).
 */
function registerEndpoint(app: FastifyInstance, entry: EndpointEntry): void {
  const { endpoint, credential, limit } = entry;
  const code = endpoint.successStatus ?? 200;
  const success = endpoint.response
    ? { [code]: endpoint.response }
    : { 204: z.undefined().describe('No Content') };
  // What a session check read beside the session (GET /v2/membership), for the handler.
  const reads = new WeakMap<FastifyRequest, { read: unknown }>();
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    schema: {
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      // The OpenAPI document names a body that is not JSON by its type.
      ...(endpoint.contentType ? { produces: [endpoint.contentType] } : {}),
      ...(credential?.kind === 'session' ? { security: [{ bearer: [] }] } : {}),
      ...(credential?.kind === 'door-key' ? { security: [{ clubKey: [] }] } : {}),
      response: {
        ...success,
        ...errorResponses,
        ...(entry.ownLimits || limit ? rateLimitedResponse : {}),
      },
    },
    // The contract's schemas check its text rule themselves (plugins/security.ts skips these).
    config: { ...(limit ? { rateLimit: rateLimitConfig(limit) } : {}), contractInput: true },
    // The credential is checked before the body is read or validated: without a live session
    // (or a club's key) the answer is 401 whatever the body holds (docs/security.md, R11).
    ...(credential?.kind === 'session'
      ? {
          preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
            const { session, read } = await credential.check(request.headers.authorization);
            request.auth = withRequestLocale(session, request.headers['accept-language']);
            if (read !== undefined) reads.set(request, { read });
            return payload;
          },
        }
      : {}),
    ...(credential?.kind === 'door-key'
      ? {
          preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
            request.doorClubId = credential.check(request.headers.authorization);
            return payload;
          },
        }
      : {}),
    handler: async (request, reply) => {
      const result = await entry.handle({
        body: request.body,
        query: request.query,
        params: request.params,
        auth: request.auth,
        read: reads.get(request)?.read,
        doorClubId: request.doorClubId,
        client: clientOf(request),
        url: request.url,
        log: request.log,
        setHeader: (name, value) => {
          reply.header(name, value);
        },
      });
      if (endpoint.response === null) return reply.code(204).send();
      // A body that is not JSON (a calendar file) is sent as its string, unserialized.
      if (endpoint.contentType) return reply.code(code).type(endpoint.contentType).send(result);
      return reply.code(code).send(result);
    },
  });
}
