import { PT_SANDBOX_BASE } from '@portal/contract';
import { http, type RequestHandler } from 'msw';

/**
 * The PT sandbox provider's script and API (`<any origin and base>/api/dev/pt/…`, where the
 * widget session's script_url and the widget's API point) answered in the browser.
 */
export function ptSandboxHandlers(answer: (request: Request) => Promise<Response>): RequestHandler[] {
  return [
    http.get(`*${PT_SANDBOX_BASE}/widget.js`, ({ request }) => answer(request)),
    http.get(`*${PT_SANDBOX_BASE}/frame.js`, ({ request }) => answer(request)),
    http.all(`*${PT_SANDBOX_BASE}/v1/*`, ({ request }) => answer(request)),
  ];
}
