import { type EndpointName, endpoints } from '@portal/contract';
import type { DemoAnswer, DemoRequest } from '@portal/demo';
import { getResponse } from 'msw';
import { contractHandlers } from './handlers.ts';

const names = Object.keys(endpoints) as EndpointName[];

/** A URL of the endpoint as the web app's api() builds it, each parameter filled in. */
function urlOf(name: EndpointName, origin = 'http://localhost:8300'): string {
  return `${origin}/api${endpoints[name].path.replace(/:(\w+)/g, (_, key: string) => `${key}-1`)}`;
}

/** The call as the web app sends it: a GET without a body, anything else with its JSON. */
function requestOf(name: EndpointName, url = urlOf(name)): Request {
  const { method } = endpoints[name];
  return method === 'GET'
    ? new Request(url, { method, headers: { authorization: 'Bearer t-1' } })
    : new Request(url, {
        method,
        headers: { authorization: 'Bearer t-1', 'content-type': 'application/json' },
        body: JSON.stringify({ sent: name }),
      });
}

describe('contractHandlers', () => {
  const calls: DemoRequest[] = [];
  const handlers = contractHandlers(async (request) => {
    calls.push(request);
    return { status: 200, body: { answered: request.name }, headers: {} };
  });

  beforeEach(() => {
    calls.length = 0;
  });

  it('makes one handler per contract endpoint', () => {
    expect(handlers).toHaveLength(names.length);
  });

  it.each(names)('hands %s to the demo with its name, method, address, parameters and body', async (name) => {
    const { method, path } = endpoints[name];
    const url = `${urlOf(name)}?lang=en`;
    const response = await getResponse(handlers, requestOf(name, url));
    expect(response?.status).toBe(200);
    expect(await response?.json()).toEqual({ answered: name });
    expect(calls).toHaveLength(1);
    const keys = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
    expect(calls[0]).toEqual({
      // A fixed path (/invoices/next) is not taken for a parameter (/invoices/:id).
      name,
      method,
      url,
      // Only the path's own parameters, not what `*` matched of the origin.
      params: Object.fromEntries(keys.map((key) => [key, `${key}-1`])),
      headers: expect.objectContaining({ authorization: 'Bearer t-1' }),
      body: method === 'GET' ? null : JSON.stringify({ sent: name }),
    });
  });

  it('answers under any origin and base path, and leaves other paths unhandled', async () => {
    const elsewhere = await getResponse(
      handlers,
      new Request(urlOf('membership', 'https://demo.example/portal-demo')),
    );
    expect(elsewhere?.status).toBe(200);
    expect(calls[0]).toMatchObject({
      name: 'membership',
      url: urlOf('membership', 'https://demo.example/portal-demo'),
    });
    expect(await getResponse(handlers, new Request('http://localhost/api/v1/no-such-call'))).toBeUndefined();
    expect(await getResponse(handlers, new Request('http://localhost/themes/de/theme.css'))).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('sends an empty body as none', async () => {
    await getResponse(handlers, new Request(urlOf('signOut'), { method: endpoints.signOut.method }));
    expect(calls[0]).toMatchObject({ name: 'signOut', body: null });
  });

  it('sends a 204 without a body and a refusal with its status, body and headers', async () => {
    const answers = contractHandlers(
      async ({ name }): Promise<DemoAnswer> =>
        name === 'signOut'
          ? { status: 204, body: null, headers: {} }
          : {
              status: 429,
              body: { status: 429, errors: [{ type: 'rate_limited' }] },
              headers: { 'retry-after': '60' },
            },
    );
    const none = await getResponse(answers, requestOf('signOut'));
    expect(none?.status).toBe(204);
    expect(await none?.text()).toBe('');
    const refused = await getResponse(answers, requestOf('authenticate'));
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get('retry-after')).toBe('60');
    expect(await refused?.json()).toEqual({ status: 429, errors: [{ type: 'rate_limited' }] });
  });

  it('answers a call the demo cannot answer with the server error body, and says so in the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = contractHandlers(async () => {
      throw new Error('no handler');
    });
    const response = await getResponse(failing, requestOf('membership'));
    expect(response?.status).toBe(500);
    expect(await response?.json()).toEqual({
      status: 500,
      errors: [{ type: 'internal_error', message: 'The demo cannot answer membership.' }],
    });
    expect(error).toHaveBeenCalledWith('The demo could not answer membership:', expect.any(Error));
    error.mockRestore();
  });
});
