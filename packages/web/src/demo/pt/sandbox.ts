import { PT_SANDBOX_BASE } from '@portal/contract';
import type { DemoAnswer, DemoRequest } from '@portal/demo';
// The very scripts the server's sandbox serves (packages/demo-data/src/pt-sandbox/).
import frameSource from '@portal/demo-data/pt-sandbox/frame.js?raw';
import widgetSource from '@portal/demo-data/pt-sandbox/widget.js?raw';
import { demoRequest } from '../handlers.ts';

/**
 * The sandbox PT provider in the demo build: its frame's and widget's scripts and its API
 * (the frame page itself is a file of the build, `api/dev/pt/frame.html`: MSW does not
 * answer page loads)
 * (`<any origin and base>/api/dev/pt/…`), answered in the browser by the server's own PT sandbox
 * (in the demo's worker), as the server answers them outside production. MSW hands these requests over
 * (extensions.ts); nothing leaves the browser.
 */
export async function ptSandboxResponse(
  request: Request,
  answer: (request: DemoRequest) => Promise<DemoAnswer>,
): Promise<Response> {
  const { pathname } = new URL(request.url);
  const script = pathname.endsWith(`${PT_SANDBOX_BASE}/widget.js`)
    ? widgetSource
    : pathname.endsWith(`${PT_SANDBOX_BASE}/frame.js`)
      ? frameSource
      : null;
  if (script !== null) {
    if (request.method !== 'GET') return new Response(null, { status: 405 });
    return new Response(script, {
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
    });
  }
  const { status, body, headers } = await answer(await demoRequest(request, {}));
  return Response.json(body, { status, headers });
}

/** Whether a request is the sandbox's (the script or its API), for the MSW handler's predicate. */
export const isPtSandboxRequest = (request: Request) =>
  new URL(request.url).pathname.includes(`${PT_SANDBOX_BASE}/`);
