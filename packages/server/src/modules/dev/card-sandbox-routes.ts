import type { CardProvider } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_PAGE_PREFIX } from '../../adapters/cards/sandbox.ts';
import type { AppDeps } from '../../deps.ts';
import { type CardSandboxPage, createCardSandbox } from './card-sandbox.ts';
import {
  cardFormPage,
  closedPage,
  returnPage,
  SANDBOX_SCRIPT,
  threeDSecurePage,
} from './card-sandbox-page.ts';

type Form = Record<string, string>;
type Params = { provider: string; checkoutId: string };

/**
 * Frame rules of one page: dibs' form may be embedded by the portal that opened it (the
 * origin of its return address) and nobody else; verifone's checkout is a full page and
 * refuses every frame. Scripts only from here, no outside resources.
 */
function pageHeaders(reply: FastifyReply, provider: CardProvider, portalOrigin: string | null) {
  const ancestors = provider === 'dibs' && portalOrigin ? portalOrigin : "'none'";
  reply.header(
    'content-security-policy',
    `default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`,
  );
  reply.header('x-frame-options', provider === 'dibs' && portalOrigin ? 'SAMEORIGIN' : 'DENY');
  reply.header('referrer-policy', 'no-referrer');
  reply.type('text/html; charset=utf-8');
}

/**
 * The hosted card pages of the sandbox providers (registered outside production only):
 * GET shows the form, POST takes the card (never logged or stored: only brand, last four,
 * expiry and a keyed hash leave this handler), an optional 3-D Secure step, and the signed
 * return to the portal's success or cancel address.
 */
export function registerCardSandboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const sandbox = createCardSandbox(deps);
  app.get(`${SANDBOX_PAGE_PREFIX}/sandbox.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(SANDBOX_SCRIPT),
  );

  /** The page of one step: a redirect back for verifone's full page, a top-window hop out of dibs' frame. */
  function send(reply: FastifyReply, { portalOrigin, step }: CardSandboxPage) {
    if (step.kind === 'no_sandbox')
      return reply.code(404).type('text/plain; charset=utf-8').send('No sandbox for this provider.');
    pageHeaders(reply, step.ctx.provider, portalOrigin);
    switch (step.kind) {
      case 'closed':
        return reply.code(step.status).send(closedPage(step.ctx, step.reason));
      case 'form':
        return reply.code(step.status).send(cardFormPage(step.ctx, step.errors, step.expiry));
      case 'three_d_secure':
        return reply.send(threeDSecurePage(step.ctx, step.pending, step.last4));
      case 'return':
        if (step.ctx.provider === 'verifone') return reply.code(303).header('location', step.url).send();
        return reply.send(returnPage(step.ctx, step.url));
    }
  }

  const formOf = (request: FastifyRequest) =>
    (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Form;

  app.register(async (scope) => {
    // Hosted pages post HTML forms; the parser exists only inside this scope.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(
      `${SANDBOX_PAGE_PREFIX}/:provider/:checkoutId`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { provider, checkoutId } = request.params as Params;
        const { locale } = request.query as { locale?: unknown };
        return send(
          reply,
          await sandbox.open(provider, checkoutId, typeof locale === 'string' ? locale : undefined),
        );
      },
    );

    scope.post(
      `${SANDBOX_PAGE_PREFIX}/:provider/:checkoutId`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { provider, checkoutId } = request.params as Params;
        return send(reply, await sandbox.submit(provider, checkoutId, formOf(request)));
      },
    );

    scope.post(
      `${SANDBOX_PAGE_PREFIX}/:provider/:checkoutId/3ds`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { provider, checkoutId } = request.params as Params;
        return send(reply, await sandbox.confirm(provider, checkoutId, formOf(request)));
      },
    );
  });
}
