import type { DemoAnswer, DemoRequest } from '@portal/demo';
import frameSource from '@portal/demo-data/pt-sandbox/frame.js?raw';
import widgetSource from '@portal/demo-data/pt-sandbox/widget.js?raw';
import { describe, expect, it, vi } from 'vitest';
import { isPtSandboxRequest, ptSandboxResponse } from './sandbox.ts';

// The demo build's PT provider: its scripts served here, its API handed to the server's PT
// sandbox in the demo's worker (what that answers is tested in packages/demo/test/host.test.ts).
function answering(answer: DemoAnswer) {
  return vi.fn(async (_request: DemoRequest) => answer);
}

describe('the PT sandbox in the demo build', () => {
  it.each(['https://example.org', 'https://example.org/demo-base'])(
    'serves the widget’s and the frame’s scripts under %s',
    async (base) => {
      const answer = answering({ status: 500, headers: {}, body: null });
      const widget = await ptSandboxResponse(new Request(`${base}/api/dev/pt/widget.js`), answer);
      expect(widget.status).toBe(200);
      expect(widget.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await widget.text()).toBe(widgetSource);
      expect(widgetSource).toContain('window.PtWidgets');
      const frame = await ptSandboxResponse(new Request(`${base}/api/dev/pt/frame.js?v=1`), answer);
      expect(frame.status).toBe(200);
      expect(await frame.text()).toBe(frameSource);
      expect(frameSource).toContain("type: 'pt-frame:ready'");
      expect(answer).not.toHaveBeenCalled();
    },
  );

  it('refuses to take a script by anything but GET', async () => {
    const answer = answering({ status: 200, headers: {}, body: {} });
    const response = await ptSandboxResponse(
      new Request('https://example.org/api/dev/pt/widget.js', { method: 'POST', body: 'x' }),
      answer,
    );
    expect(response.status).toBe(405);
    expect(answer).not.toHaveBeenCalled();
  });

  it('hands an API call to the sandbox as a DemoRequest and sends its answer', async () => {
    const answer = answering({
      status: 201,
      headers: { 'x-request-id': 'r-1' },
      body: { booked: true },
    });
    const url = 'https://example.org/demo-base/api/dev/pt/v1/bookings?lang=de';
    const response = await ptSandboxResponse(
      new Request(url, {
        method: 'POST',
        headers: { authorization: 'Bearer widget-token', 'content-type': 'application/json' },
        body: JSON.stringify({ slot: 's-1' }),
      }),
      answer,
    );
    expect(answer).toHaveBeenCalledExactlyOnceWith({
      method: 'POST',
      url,
      params: {},
      headers: expect.objectContaining({
        authorization: 'Bearer widget-token',
        'content-type': 'application/json',
      }),
      body: JSON.stringify({ slot: 's-1' }),
    });
    // No endpoint name: the sandbox's API is not the portal's contract.
    expect(answer.mock.calls[0]?.[0]).not.toHaveProperty('name');
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(await response.json()).toEqual({ booked: true });
  });

  it('sends a refusal with its status and body, and a GET without a body', async () => {
    const answer = answering({
      status: 401,
      headers: {},
      body: { status: 401, errors: [{ type: 'unauthorized', context: { reason: 'missing' } }] },
    });
    const response = await ptSandboxResponse(
      new Request('https://example.org/api/dev/pt/v1/packages'),
      answer,
    );
    expect(answer.mock.calls[0]?.[0]).toMatchObject({ method: 'GET', body: null });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      status: 401,
      errors: [{ type: 'unauthorized', context: { reason: 'missing' } }],
    });
  });

  it('tells the sandbox’s requests from the portal’s', () => {
    expect(isPtSandboxRequest(new Request('https://example.org/base/api/dev/pt/v1/packages'))).toBe(true);
    expect(isPtSandboxRequest(new Request('https://example.org/api/dev/pt/widget.js'))).toBe(true);
    expect(isPtSandboxRequest(new Request('https://example.org/api/v1/pt/widget_session'))).toBe(false);
  });
});
