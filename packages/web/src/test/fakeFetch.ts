import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer =
  | { status?: number; body?: unknown }
  | ((req: FakeRequest) => { status?: number; body?: unknown });

/**
 * A tiny fake of the API: routes are "METHOD /api/path" (query string ignored) mapped to an
 * answer. Unknown routes answer 404 with an error body. Returns the list of requests seen.
 */
export function fakeFetch(routes: Record<string, Answer>) {
  const requests: FakeRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const req: FakeRequest = {
      method,
      url,
      headers,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    requests.push(req);
    const key = `${method} ${url.split('?')[0]}`;
    const route = routes[key];
    const answer = typeof route === 'function' ? route(req) : route;
    if (!answer) {
      return json(404, { status: 404, errors: [{ type: 'not_found', message: `no fake for ${key}` }] });
    }
    return json(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fn);
  return { requests, fn };
}

function json(status: number, body: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
