import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PtWidgetKind } from '@portal/contract';
import { BookingBody, BookingParams, PurchaseBody, SlotsQuery, tokenRefusal as refuse } from '@portal/demo';
import { getOperator, isOperatorId, type PtTokenClaims, verifyPtToken } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PT_SANDBOX_BASE } from '../../../adapters/pt/config.ts';
import type { AppDeps } from '../../../deps.ts';
import { REPO_ROOT } from '../../../paths.ts';
import { createPtSandbox, languageFor } from './service.ts';

/**
 * The widget script as shipped: a real file in packages/demo (the demo serves the same
 * one in the browser), read when the sandbox's routes are registered (never in
 * production), also by the compiled server.
 */
function widgetScript() {
  const js = readFileSync(path.join(REPO_ROOT, 'packages/demo/src/pt-sandbox/widget.js'), 'utf8');
  return { js, etag: `"${createHash('sha256').update(js).digest('base64url').slice(0, 27)}"` };
}

/**
 * The sandbox PT provider (registered outside production only, ADR 012): its widget
 * script and the API the widget calls with its signed widget token, under /api/dev/pt/ on
 * the portal's own origin. A real provider serves the same from its own address.
 */
export function registerPtSandboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const secret = deps.config.pt.secret;
  if (!secret) return;
  const sandbox = createPtSandbox(deps);
  const script = widgetScript();
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

  zapp.get(`${PT_SANDBOX_BASE}/widget.js`, { schema: hidden }, async (request, reply) => {
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('etag', script.etag);
    if (request.headers['if-none-match'] === script.etag) return reply.code(304).send();
    return reply.send(script.js);
  });

  const api = `${PT_SANDBOX_BASE}/v1`;
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
