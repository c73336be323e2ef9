import type { EndpointName } from '@portal/contract';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { type AuthContext, withRequestLocale } from '../http/auth-context.ts';
import {
  type Answer,
  encodeAnswer,
  errorAnswer,
  inputIssue,
  invalidInputBody,
  JSON_TYPE,
  malformedRequestBody,
  tooManyRequestsBody,
} from './answers.ts';
import { LocalCounts } from './limit-counts.ts';
import {
  API_PREFIX,
  type Client,
  type EndpointContext,
  type EndpointEntry,
  type EndpointTable,
  type Limit,
  type Log,
} from './table.ts';

/** One request to a contract call, as a host without Fastify (the demo's Web Worker) has it. */
export interface DispatchRequest {
  /** The path's parameters, decoded. */
  params?: Record<string, string>;
  /** The query; a repeated key is an array, as Fastify's parser reads it. */
  query?: Record<string, string | string[]>;
  /** Request headers, names in lower case. */
  headers?: Record<string, string | undefined>;
  /** The body as parsed JSON (none: undefined)… */
  body?: unknown;
  /** …or its text as sent, read here as Fastify reads it (by Content-Type; '' is no body). */
  text?: string;
  ip: string;
  /** The request's path and query as sent; by default the endpoint's path under /api with `params` and `query`. */
  url?: string;
  /** Scheme and host the request went to; by default http://localhost. */
  origin?: string;
}

export interface DispatchOptions {
  /** Real time for the request limits (ms); Date.now by default. */
  now?: () => number;
  log?: Log;
}

const quiet: Log = { error() {}, warn() {}, info() {}, debug() {} };

/** The request limits' counts, per table: one dispatcher's table counts for all its calls. */
const countsOf = new WeakMap<EndpointTable, LocalCounts>();

/** A request refused before its use case, with what it answers. */
class Refused {
  constructor(readonly answer: Answer) {}
}

/**
 * Answers one contract call from the endpoint table as the server's Fastify routes do
 * (http/route.ts), in their order: the request-stage limit, the credential (401 whatever the
 * body holds), the body's JSON, the input by the contract's schemas (params, body, query:
 * Fastify's order; a 400 names the field), the handler-stage limit, the use case, the answer
 * checked and encoded by the contract's response schema. Errors become answers by the
 * function Fastify's error handler uses (endpoints/answers.ts). What differs from the server:
 * docs/architecture.md, "Endpoints".
 */
export async function dispatch(
  table: EndpointTable,
  name: EndpointName,
  request: DispatchRequest,
  options: DispatchOptions = {},
): Promise<Answer> {
  const entry = table[name] as EndpointEntry;
  const { endpoint } = entry;
  const log = options.log ?? quiet;
  const now = options.now ?? Date.now;
  const headers: Record<string, string> = {};
  const client: Client = {
    ip: request.ip,
    userAgent: request.headers?.['user-agent'],
    authorization: request.headers?.authorization,
    acceptLanguage: request.headers?.['accept-language'],
    origin: request.origin ?? 'http://localhost',
  };
  let auth: AuthContext | null = null;
  try {
    if (entry.limit?.stage === 'request') count(table, entry, entry.limit, { auth, client }, headers, now());
    let read: unknown;
    let doorClubId: string | null = null;
    if (entry.credential?.kind === 'session') {
      const checked = await entry.credential.check(client.authorization);
      auth = withRequestLocale(checked.session, client.acceptLanguage);
      read = checked.read;
    } else if (entry.credential?.kind === 'door-key') {
      doorClubId = entry.credential.check(client.authorization);
    }
    const rawBody = endpoint.method === 'GET' ? undefined : bodyOf(request);
    const params = checked(endpoint.params, request.params ?? {}, 'params');
    const body = checked(endpoint.body, rawBody, 'body');
    const query = checked(endpoint.query, request.query ?? {}, 'query');
    if (entry.limit?.stage === 'handler') count(table, entry, entry.limit, { auth, client }, headers, now());
    const ctx: EndpointContext<typeof endpoint, unknown> = {
      body,
      query,
      params,
      auth,
      read,
      doorClubId,
      client,
      url: request.url ?? defaultUrl(endpoint.path, request),
      log,
      setHeader: (headerName, value) => {
        headers[headerName.toLowerCase()] = value;
      },
    };
    const result = await entry.handle(ctx);
    if (endpoint.response === null) return { status: 204, headers, body: undefined };
    const encoded = encodeAnswer(endpoint.response, result);
    if (encoded.error) throw encoded.error;
    const status = endpoint.successStatus ?? 200;
    if (endpoint.contentType)
      return { status, headers: { ...headers, 'content-type': endpoint.contentType }, body: encoded.data };
    return { status, headers: { ...headers, 'content-type': JSON_TYPE }, body: jsonValue(encoded.data) };
  } catch (error) {
    const answer =
      error instanceof Refused
        ? error.answer
        : errorAnswer(error, {
            operatorId: auth?.operatorId,
            report: (level, err, message) => log[level]({ err }, message),
          });
    return {
      status: answer.status,
      headers: { ...headers, ...answer.headers, 'content-type': JSON_TYPE },
      body: answer.body,
    };
  }
}

/** The input as the contract's schema reads it (Fastify hands it `null` for nothing), or its 400. */
function checked(
  schema: $ZodType | undefined,
  value: unknown,
  context: 'params' | 'body' | 'query',
): unknown {
  if (!schema) return value;
  const parsed = safeParse(schema, value === undefined ? null : value);
  if (parsed.success) return parsed.data;
  const body = invalidInputBody(context, parsed.error.issues.map(inputIssue));
  throw new Refused({ status: 400, headers: {}, body });
}

/** The body as Fastify's JSON parser reads it: JSON only, an empty JSON body refused. */
function bodyOf(request: DispatchRequest): unknown {
  if (request.text === undefined) return request.body;
  const type = request.headers?.['content-type'];
  if (type === undefined && request.text === '') return undefined;
  const refuse = (code: string) => {
    throw new Refused({ status: 400, headers: {}, body: malformedRequestBody(code) });
  };
  if (!/^application\/json\s*(;|$)/i.test(type ?? '')) return refuse('FST_ERR_CTP_INVALID_MEDIA_TYPE');
  if (request.text === '') return refuse('FST_ERR_CTP_EMPTY_JSON_BODY');
  try {
    return JSON.parse(request.text);
  } catch {
    return refuse('FST_ERR_CTP_INVALID_JSON_BODY');
  }
}

/**
 * Counts a request against its limit as @fastify/rate-limit does (with the same headers);
 * over the limit it throws the endpoint's refusal, or answers the generic 429.
 */
function count(
  table: EndpointTable,
  entry: EndpointEntry,
  limit: Limit,
  who: { auth: AuthContext | null; client: Client },
  headers: Record<string, string>,
  now: number,
): void {
  let counts = countsOf.get(table);
  if (!counts) {
    counts = new LocalCounts();
    countsOf.set(table, counts);
  }
  const key = limit.key ? limit.key(who) : who.client.ip;
  const { current, ttl } = counts.incr(
    `${entry.endpoint.method}${API_PREFIX}${entry.endpoint.path}-${key}`,
    limit.windowMs,
    now,
  );
  const seconds = Math.ceil(ttl / 1000);
  headers['x-ratelimit-limit'] = String(limit.max);
  headers['x-ratelimit-remaining'] = String(Math.max(0, limit.max - current));
  headers['x-ratelimit-reset'] = String(seconds);
  if (current <= limit.max) return;
  headers['retry-after'] = String(seconds);
  if (limit.refusal) throw limit.refusal(ttl / 1000);
  throw new Refused({ status: 429, headers: {}, body: tooManyRequestsBody(seconds) });
}

function defaultUrl(path: string, request: DispatchRequest): string {
  const filled = path.replace(/:(\w+)/g, (_, param: string) =>
    encodeURIComponent(request.params?.[param] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  }
  const text = search.toString();
  return `${API_PREFIX}${filled}${text ? `?${text}` : ''}`;
}

/** The answer as the client reads it: JSON's values (dates as strings, no undefined fields). */
const jsonValue = (data: unknown): unknown =>
  data === undefined ? undefined : JSON.parse(JSON.stringify(data));
