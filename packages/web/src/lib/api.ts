import type { EndpointName, ErrorBody, endpoints } from '@portal/contract';
import { type ApiRoute, routes } from 'virtual:portal-api-routes';
import type { z } from 'zod/mini';
import { currentLocale } from './i18n.ts';
import { notices } from './notices.ts';
import { session } from './session.ts';

/** The API is at `<origin>/api` (docs/architecture.md). */
export const API_BASE = '/api';

/** A non-OK answer. `body` is the error body of the contract when the server sent one. */
export class ErrorResponse extends Error {
  override name = 'ErrorResponse';
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    readonly method: string,
    readonly url: string,
  ) {
    super(`${method} ${url} answered ${status}${body?.reason ? ` (${body.reason})` : ''}`);
  }

  get reason(): string | undefined {
    return this.body?.reason;
  }

  get errors(): ErrorBody['errors'] {
    return this.body?.errors ?? [];
  }
}

/** A 2xx answer that does not match the contract: a bug report, not a blank screen. */
export class ContractError extends Error {
  override name = 'ContractError';
  constructor(
    readonly method: string,
    readonly url: string,
    readonly issues: string[],
  ) {
    super(`${method} ${url}: the answer does not match the contract (${issues.slice(0, 3).join('; ')})`);
  }
}

/** The request never got an answer (offline, DNS, aborted connection). */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    readonly method: string,
    readonly url: string,
    override readonly cause: unknown,
  ) {
    super(`${method} ${url}: no answer from the server`);
  }
}

type Ep<N extends EndpointName> = (typeof endpoints)[N];
type SchemaInput<S> = S extends z.core.$ZodType ? z.input<S> : never;

export type ApiResponse<N extends EndpointName> = Ep<N>['response'] extends z.core.$ZodType
  ? z.output<Ep<N>['response']>
  : undefined;

export interface CallOptions<N extends EndpointName> {
  body?: Ep<N> extends { body: infer B } ? SchemaInput<B> : never;
  params?: Ep<N> extends { params: infer P } ? SchemaInput<P> : never;
  query?: Ep<N> extends { query: infer Q } ? SchemaInput<Q> : never;
  signal?: AbortSignal;
  /**
   * A 404 is an answer of this call (no next payment, no such invoice), not a missing
   * feature: it rejects as usual but raises no 'not implemented' banner.
   */
  notFoundIsAnswer?: boolean;
}

function buildUrl(endpoint: ApiRoute, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

type Contract = typeof import('virtual:portal-api-responses');
let contract: Promise<Contract> | null = null;

/**
 * The contract's answer schemas (and zod/mini with them, ADR 047) are a chunk of their own,
 * loaded with the first call while its request is under way (signed in, at start: boot.tsx),
 * not with the page: the login page's JavaScript stays small and no request waits for the
 * schemas. Every answer is still parsed before anyone sees it. A failed download is tried
 * again with the next call.
 */
export function loadContract(): Promise<Contract> {
  contract ??= import('virtual:portal-api-responses').catch((error: unknown) => {
    contract = null;
    throw error;
  });
  return contract;
}

async function readErrorBody(response: Response, contract: Promise<Contract>): Promise<ErrorBody | null> {
  try {
    const json: unknown = await response.json();
    const parsed = (await contract).ErrorBody.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function describeIssues(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

/**
 * Calls one endpoint of the contract. Every 2xx body is parsed with the endpoint's
 * response schema; a non-OK answer rejects with an ErrorResponse. A 401 on a signed-in call
 * clears the session (the app then shows the login); a 404 with errors raises the global
 * 'not implemented' banner. The logged-out calls (sign-in, reset, update) map their own
 * 401 and 404 answers, so neither rule applies to them.
 */
export async function api<N extends EndpointName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<ApiResponse<N>> {
  const endpoint = routes[name];
  // Sent at once; the schemas that check the answer load meanwhile.
  const contractLoaded = loadContract();
  contractLoaded.catch(() => {}); // awaited below; a failure surfaces there
  const method = endpoint.method;
  const url = buildUrl(endpoint, options.params as object | undefined, options.query as object | undefined);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = session.token;
  if (token && endpoint.auth) headers.Authorization = `Bearer ${token}`;
  // The server writes its texts in the language in use (docs/architecture.md, "The member's language").
  const locale = currentLocale();
  if (locale) headers['Accept-Language'] = locale;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new NetworkError(method, url, cause);
  }

  if (!response.ok) {
    const body = await readErrorBody(response, contractLoaded);
    const error = new ErrorResponse(response.status, body, method, url);
    if (endpoint.auth) {
      if (response.status === 401) session.clear('expired');
      else if (response.status === 404 && body && body.errors.length > 0 && !options.notFoundIsAnswer)
        notices.notImplemented(url);
    }
    throw error;
  }

  if (endpoint.noContent) return undefined as ApiResponse<N>;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ContractError(method, url, ['the body is not JSON']);
  }
  const schema = (await contractLoaded).responses[name];
  if (!schema) return undefined as ApiResponse<N>;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const error = new ContractError(method, url, describeIssues(parsed.error));
    console.error(error.message, parsed.error.issues);
    throw error;
  }
  return parsed.data as ApiResponse<N>;
}

export function isErrorResponse(error: unknown, status?: number): error is ErrorResponse {
  return error instanceof ErrorResponse && (status === undefined || error.status === status);
}
