import { type DemoStore, PT_SANDBOX_BASE, ptSandboxRespond } from '@portal/demo';
// The very script the server's sandbox serves (packages/demo/src/pt-sandbox/widget.js).
import widgetSource from '@portal/demo/pt-sandbox/widget.js?raw';

/**
 * The sandbox PT provider in the demo build: its widget script and its API
 * (`<any origin and base>/api/dev/pt/…`), answered in the browser from this tab's store, as
 * the server answers them outside production. MSW hands these requests over
 * (extensions.ts); nothing leaves the browser.
 */
export async function ptSandboxResponse(store: DemoStore, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname.endsWith(`${PT_SANDBOX_BASE}/widget.js`)) {
    if (request.method !== 'GET') return new Response(null, { status: 405 });
    return new Response(widgetSource, {
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
    });
  }
  const answer = await ptSandboxRespond(store, request);
  return Response.json(answer.body, { status: answer.status });
}

/** Whether a request is the sandbox's (the script or its API), for the MSW handler's predicate. */
export const isPtSandboxRequest = (request: Request) =>
  new URL(request.url).pathname.includes(`${PT_SANDBOX_BASE}/`);
