import {
  ApiError,
  type Endpoint,
  type EndpointName,
  type ErrorBody,
  endpoints,
  invalidRequest,
  unauthorized,
} from '@portal/contract';
import { getOperator, spellErrorBody } from '@portal/domain';
import type { z } from 'zod';
import { type DemoAuth, type Handler, type HandlerContext, keepsWrites } from './handler.ts';
import { handlers } from './handlers/index.ts';
import { checkInput } from './input.ts';
import type { DemoStore } from './store.ts';

/** An answer as the server would send it: status, body (JSON or none) and headers. */
export interface DemoAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{1,512}) *$/i;

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): DemoAnswer => ({
  status,
  body,
  headers,
});

function errorAnswer(
  body: ErrorBody,
  auth: DemoAuth | null,
  headers: Record<string, string> = {},
): DemoAnswer {
  return answer(body.status, auth ? spellErrorBody(getOperator(auth.operatorId), body) : body, headers);
}

/** The query as the server's parser reads it: a repeated key becomes an array. */
function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

const check = (schema: z.ZodType | undefined, value: unknown, context: string): unknown =>
  schema ? checkInput(schema, value, context) : value;

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  // Fastify hands an empty body to the schema as null (a POST without a body says "received null").
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest('body', 'The request body is not valid JSON.');
  }
}

type Snapshot = Pick<DemoStore, 'tables' | 'outbox'>;

const snapshot = (store: DemoStore): Snapshot =>
  structuredClone({ tables: store.tables, outbox: store.outbox });

function restore(store: DemoStore, saved: Snapshot): void {
  store.tables = saved.tables;
  store.outbox = saved.outbox;
}

/**
 * Answers one contract call in the browser as the server does: the session first (401,
 * whatever the body holds), then the input by the contract's schemas (params, body, query:
 * Fastify's order; a 400 names the field), then the area's handler, whose refusals are the
 * contract's ApiError in the operator's spelling.
 */
export async function respond(
  store: DemoStore,
  name: EndpointName,
  request: Request,
  params: Record<string, string> = {},
): Promise<DemoAnswer> {
  const endpoint: Endpoint = endpoints[name];
  let auth: DemoAuth | null = null;
  try {
    if (endpoint.auth) {
      const match = BEARER.exec(request.headers.get('authorization') ?? '');
      if (!match) throw unauthorized();
      const session = store.sessions.get(match[1]!);
      if (!session)
        throw unauthorized('The session is not valid (signed out, expired or unknown). Sign in again.');
      auth = { sessionId: match[1]!, ...session };
    }
    const parsedParams = check(endpoint.params, params, 'params');
    const body = check(endpoint.body, await readBody(request), 'body');
    const query = check(endpoint.query, queryObject(new URL(request.url)), 'query');
    const handler = handlers[name] as Handler<EndpointName> | undefined;
    if (!handler) throw new Error(`the demo has no handler for ${name}`);
    const ctx = { store, body, query, params: parsedParams, auth, request } as HandlerContext<EndpointName>;
    // One transaction, as on the server: a call that fails leaves nothing half-written.
    const before = endpoint.method === 'GET' ? null : snapshot(store);
    let result: unknown;
    try {
      result = await handler(ctx);
    } catch (error) {
      if (before && !keepsWrites(error)) restore(store, before);
      throw error;
    }
    if (endpoint.response === null) return answer(204, null);
    return answer(200, endpoint.response.parse(result));
  } catch (error) {
    if (error instanceof ApiError) return errorAnswer(error.body, auth, error.headers);
    throw error;
  }
}
