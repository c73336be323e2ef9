import { type EndpointName, endpoints } from '@portal/contract';
import type { DemoAnswer } from '@portal/demo';
import { getResponse } from 'msw';
import { contractHandlers } from './handlers.ts';

const names = Object.keys(endpoints) as EndpointName[];

/** A URL of the endpoint as the web app's api() builds it, each parameter filled in. */
function urlOf(name: EndpointName, origin = 'http://localhost:8300'): string {
  return `${origin}/api${endpoints[name].path.replace(/:(\w+)/g, (_, key: string) => `${key}-1`)}`;
}

describe('contractHandlers', () => {
  const calls: { name: EndpointName; params: Record<string, string> }[] = [];
  const handlers = contractHandlers(async (name, _request, params) => {
    calls.push({ name, params });
    return { status: 200, body: { answered: name }, headers: {} };
  });

  it('makes one handler per contract endpoint', () => {
    expect(handlers).toHaveLength(names.length);
  });

  it.each(names)('answers %s through the demo, with its own name and path parameters', async (name) => {
    calls.length = 0;
    const response = await getResponse(
      handlers,
      new Request(urlOf(name), { method: endpoints[name].method }),
    );
    expect(response?.status).toBe(200);
    expect(calls).toHaveLength(1);
    // A fixed path (/invoices/next) is not taken for a parameter (/invoices/:id).
    expect(calls[0]?.name).toBe(name);
    const keys = [...endpoints[name].path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
    expect(calls[0]?.params).toEqual(Object.fromEntries(keys.map((key) => [key, `${key}-1`])));
  });

  it('answers under any origin and base path, and leaves other paths unhandled', async () => {
    const elsewhere = await getResponse(handlers, new Request(urlOf('membership', 'https://demo.example')));
    expect(elsewhere?.status).toBe(200);
    expect(await getResponse(handlers, new Request('http://localhost/api/v1/no-such-call'))).toBeUndefined();
    expect(await getResponse(handlers, new Request('http://localhost/themes/de/theme.css'))).toBeUndefined();
  });

  it('sends a 204 without a body and a refusal with its status, body and headers', async () => {
    const answers = contractHandlers(
      async (name): Promise<DemoAnswer> =>
        name === 'signOut'
          ? { status: 204, body: null, headers: {} }
          : {
              status: 429,
              body: { status: 429, errors: [{ type: 'rate_limited' }] },
              headers: { 'retry-after': '60' },
            },
    );
    const none = await getResponse(answers, new Request(urlOf('signOut'), { method: 'POST' }));
    expect(none?.status).toBe(204);
    expect(await none?.text()).toBe('');
    const refused = await getResponse(answers, new Request(urlOf('authenticate'), { method: 'POST' }));
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get('retry-after')).toBe('60');
    expect(await refused?.json()).toEqual({ status: 429, errors: [{ type: 'rate_limited' }] });
  });

  it('answers a call the demo cannot answer with the server error body, and says so in the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = contractHandlers(async () => {
      throw new Error('no handler');
    });
    const response = await getResponse(failing, new Request(urlOf('membership')));
    expect(response?.status).toBe(500);
    expect((await response!.json()).errors[0].type).toBe('internal_error');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
