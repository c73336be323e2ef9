import { createDemo, seedDemo } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { ptSandboxResponse } from './sandbox.ts';

// The demo build's PT provider: the widget script and its API answered from the tab's store.
describe('the PT sandbox in the demo build', () => {
  const demo = createDemo({ now: () => new Date('2026-11-22T10:00:00Z'), seed: seedDemo });

  it('serves the widget script under any base path', async () => {
    const res = await ptSandboxResponse(
      demo.store,
      new Request('https://example.org/demo-base/api/dev/pt/widget.js'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain('window.PtWidgets');
    const frame = await ptSandboxResponse(
      demo.store,
      new Request('https://example.org/demo-base/api/dev/pt/frame.js'),
    );
    expect(await frame.text()).toContain("type: 'pt-frame:ready'");
  });

  it('answers the widget’s API, and refuses a call without a widget token', async () => {
    const res = await ptSandboxResponse(
      demo.store,
      new Request('https://example.org/api/dev/pt/v1/packages'),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      errors: [{ type: 'unauthorized', context: { reason: 'missing' } }],
    });

    // The token the demo's widget session signs opens the widget's API.
    const member = demo.store.tables.members.find((m) => m.username === 'active@de.example')!;
    demo.store.sessions.set('session-1', { memberId: member.id, operatorId: 'de' });
    const session = await demo.respond(
      'ptWidgetSession',
      new Request('https://example.org/api/v1/pt/widget_session', {
        method: 'POST',
        headers: { authorization: 'Bearer session-1', 'content-type': 'application/json' },
        body: JSON.stringify({ widget: 'package_buy' }),
      }),
    );
    expect(session.status).toBe(200);
    const { token, frame_url } = session.body as { token: string; frame_url: string };
    expect(frame_url).toBe('/api/dev/pt/frame.html');
    const packages = await ptSandboxResponse(
      demo.store,
      new Request('https://example.org/demo-base/api/dev/pt/v1/packages', {
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'de-DE' },
      }),
    );
    expect(packages.status).toBe(200);
    expect((await packages.json()).packages.length).toBeGreaterThan(0);
  });
});
