import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PT_SANDBOX_BASE } from '../../../adapters/pt/config.ts';
import type { AppDeps } from '../../../deps.ts';
import { REPO_ROOT } from '../../../paths.ts';
import { createPtSandboxApi } from './api.ts';

/**
 * A file of the provider as shipped: real files in packages/demo-data (the demo serves the
 * same ones in the browser), read when the sandbox's routes are registered (never in
 * production), also by the compiled server.
 */
function sandboxFile(name: string, type: string) {
  const body = readFileSync(path.join(REPO_ROOT, 'packages/demo-data/src/pt-sandbox', name), 'utf8');
  return {
    name,
    type,
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * The frame page's own policy, as a provider's would be: its scripts and API only, and
 * embeddable by the portal alone. The portal frames it sandboxed without
 * `allow-same-origin` (it is on the portal's address), so it runs in an opaque origin:
 * it cannot read the portal's storage, and its API calls are cross-origin (CORS below).
 */
const FRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The sandbox PT provider (registered outside production only, ADR 012, ADR 032): its frame
 * page, the frame's and the widget's scripts, and the API the widget calls with its signed
 * widget token, under /api/dev/pt/ on the portal's own origin. A real provider serves the
 * same from its own address.
 */
export function registerPtSandboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const sandboxApi = createPtSandboxApi(deps, app.log);
  if (!sandboxApi.enabled) return;
  const files = [
    sandboxFile('widget.js', 'text/javascript; charset=utf-8'),
    sandboxFile('frame.js', 'text/javascript; charset=utf-8'),
    sandboxFile('frame.html', 'text/html; charset=utf-8'),
  ];
  const zapp = app.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true };

  for (const file of files) {
    zapp.get(`${PT_SANDBOX_BASE}/${file.name}`, { schema: hidden }, async (request, reply) => {
      reply.type(file.type).header('cache-control', 'public, max-age=300').header('etag', file.etag);
      if (file.name === 'frame.html') reply.header('content-security-policy', FRAME_CSP);
      // The frame's opaque origin loads the scripts cross-origin (helmet says same-origin).
      else reply.header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return reply.send(file.body);
    });
  }

  const api = `${PT_SANDBOX_BASE}/v1`;
  // The widget calls from its frame's opaque origin (`Origin: null`): any origin may call,
  // with the bearer widget token and without cookies, as a provider's public API would.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(`${api}/`)) reply.header('access-control-allow-origin', '*');
    done();
  });
  zapp.options(`${api}/*`, { schema: hidden }, async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, DELETE')
      .header('access-control-allow-headers', 'authorization, content-type, accept-language')
      .header('access-control-max-age', '600')
      .send(),
  );
  // The API reads its body itself, after the widget token (a bad token is a 401 whatever
  // the body holds): in this scope a JSON body stays text until then.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_r, body, done) => done(null, body),
    );
    scope.route({
      method: ['GET', 'POST', 'DELETE'],
      url: `${api}/*`,
      schema: hidden,
      handler: async (request, reply) => {
        const url = new URL(request.url, 'http://sandbox');
        const answer = await sandboxApi.answer({
          method: request.method,
          route: url.pathname.slice(api.length + 1),
          query: Object.fromEntries(url.searchParams),
          authorization: request.headers.authorization,
          acceptLanguage: request.headers['accept-language'],
          text: typeof request.body === 'string' ? request.body : undefined,
        });
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      },
    });
  });
}
