import { type EndpointName, endpoints } from '@portal/contract';
import type { DemoAnswer, DemoRequest } from '@portal/demo';
import { HttpResponse, http, type RequestHandler } from 'msw';

type Respond = (request: DemoRequest) => Promise<DemoAnswer>;

/** The request as it crosses to the demo's worker. */
export async function demoRequest(
  request: Request,
  params: Record<string, string>,
  name?: EndpointName,
): Promise<DemoRequest> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  return {
    ...(name ? { name } : {}),
    method: request.method,
    url: request.url,
    params,
    headers: Object.fromEntries(request.headers),
    body: body === '' ? null : body,
  };
}

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

/** `*` for any origin: the page's own, whatever host and path the demo is served from. */
export const handlerPath = (path: string) => `*/api${path}`;

const paramCount = (path: string) => (path.match(/:/g) ?? []).length;

export function toResponse({ status, body, headers }: DemoAnswer): Response {
  if (body === null || body === undefined || status === 204)
    return new HttpResponse(null, { status, headers });
  // A body that is not JSON (the classes' calendar file) goes as its text, with its type.
  if (typeof body === 'string' && headers['content-type'] && !headers['content-type'].includes('json'))
    return new HttpResponse(body, { status, headers });
  return HttpResponse.json(body, { status, headers });
}

/**
 * One MSW handler per endpoint of the contract (method, `*\/api` + path), each answered by
 * the demo's `respond`. Fixed paths come before those with parameters, as the server's
 * router prefers them (`/invoices/next` is not invoice "next"). A call the demo cannot
 * answer is a 500 with the server's error body, and said in the console.
 */
export function contractHandlers(respond: Respond): RequestHandler[] {
  const names = (Object.keys(endpoints) as EndpointName[]).sort(
    (a, b) => paramCount(endpoints[a].path) - paramCount(endpoints[b].path),
  );
  return names.map((name) => {
    const { method, path } = endpoints[name];
    // The path's own parameters only: MSW also hands over what `*` matched (the origin) as "0".
    const keys = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
    return METHODS[method](handlerPath(path), async ({ request, params }) => {
      const values = Object.fromEntries(
        keys.flatMap((key) => (typeof params[key] === 'string' ? [[key, params[key]]] : [])),
      );
      try {
        return toResponse(await respond(await demoRequest(request, values, name)));
      } catch (error) {
        console.error(`The demo could not answer ${name}:`, error);
        return HttpResponse.json(
          { status: 500, errors: [{ type: 'internal_error', message: `The demo cannot answer ${name}.` }] },
          { status: 500 },
        );
      }
    });
  });
}
