import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PtWidgetKind } from '@portal/contract';
import {
  BookingBody,
  BookingParams,
  PurchaseBody,
  SlotsQuery,
  tokenRefusal as refuse,
} from '@portal/demo-data';
import { getOperator, isOperatorId, type PtTokenClaims, verifyPtToken } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PT_SANDBOX_BASE } from '../../../adapters/pt/config.ts';
import type { AppDeps } from '../../../deps.ts';
import { REPO_ROOT } from '../../../paths.ts';
import { createPtSandbox, languageFor } from './service.ts';

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
  const secret = deps.config.pt.secret;
  if (!secret) return;
  const sandbox = createPtSandbox(deps);
  const files = [
    sandboxFile('widget.js', 'text/javascript; charset=utf-8'),
    sandboxFile('frame.js', 'text/javascript; charset=utf-8'),
    sandboxFile('frame.html', 'text/html; charset=utf-8'),
  ];
  const claimsOf = new WeakMap<FastifyRequest, PtTokenClaims>();

  /** Checks the token before anything else is read: a bad token is a 401 whatever the body. */
  const tokenFor = (widget: PtWidgetKind) => async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([\w.-]+)$/.exec(header) : null;
    if (!match) throw refuse('missing');
    const check = await verifyPtToken(secret, match[1]!, widget, deps.clock.now());
    if (!check.ok) throw refuse(check.reason);
    if (!isOperatorId(check.claims.op) || !getOperator(check.claims.op).ptEnabled) throw refuse('operator');
    claimsOf.set(request, check.claims);
  };
  const claims = (request: FastifyRequest) => claimsOf.get(request)!;
  const language = (request: FastifyRequest) =>
    languageFor(request.headers['accept-language'], claims(request));

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
  const buy = tokenFor('package_buy');
  const booking = tokenFor('booking');

  zapp.get(`${api}/packages`, { schema: hidden, onRequest: buy }, async (request) =>
    sandbox.packages(claims(request), language(request)),
  );
  zapp.post(
    `${api}/purchases`,
    { schema: { ...hidden, body: PurchaseBody }, onRequest: buy },
    async (request, reply) => {
      const result = await sandbox.purchase(claims(request), request.body, language(request));
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );
  zapp.get(`${api}/trainers`, { schema: hidden, onRequest: booking }, async (request) =>
    sandbox.trainers(claims(request), language(request)),
  );
  zapp.get(
    `${api}/slots`,
    { schema: { ...hidden, querystring: SlotsQuery }, onRequest: booking },
    async (request) => sandbox.slots(claims(request), request.query.trainer_id),
  );
  zapp.get(`${api}/bookings`, { schema: hidden, onRequest: booking }, async (request) =>
    sandbox.bookings(claims(request), language(request)),
  );
  zapp.post(
    `${api}/bookings`,
    { schema: { ...hidden, body: BookingBody }, onRequest: booking },
    async (request, reply) =>
      reply.code(201).send(await sandbox.book(claims(request), request.body, language(request))),
  );
  zapp.delete(
    `${api}/bookings/:id`,
    { schema: { ...hidden, params: BookingParams }, onRequest: booking },
    async (request) => sandbox.cancel(claims(request), request.params.id),
  );
}
