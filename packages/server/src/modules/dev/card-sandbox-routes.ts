import { CardProvider, type OperatorId } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_PAGE_PREFIX, SandboxCardGateway } from '../../adapters/cards/sandbox.ts';
import type { SandboxResult } from '@portal/domain';
import {
  checkCardEntry,
  formatMoney,
  getOperator,
  SANDBOX_CLOSED,
  SANDBOX_ERRORS,
  sandboxClosedReason,
} from '@portal/domain';
import { cardCheckouts, members } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import {
  cardFormPage,
  closedPage,
  type PageContext,
  returnPage,
  SANDBOX_SCRIPT,
  threeDSecurePage,
} from './card-sandbox-page.ts';

/** How long the 3-D Secure question may stay open. */
const THREE_DS_MINUTES = 10;

type Form = Record<string, string>;
type Params = { provider: string; checkoutId: string };

/** The checkout as the sandbox "provider" sees it: return addresses and the merchant. */
async function loadCheckout(deps: AppDeps, provider: CardProvider, id: string) {
  if (id.length > 100) return null;
  const [row] = await deps.db
    .select({ checkout: cardCheckouts, operatorId: members.operatorId })
    .from(cardCheckouts)
    .innerJoin(members, eq(members.id, cardCheckouts.memberId))
    .where(eq(cardCheckouts.id, id))
    .limit(1);
  return row && row.checkout.provider === provider ? row : null;
}

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
  app.get(`${SANDBOX_PAGE_PREFIX}/sandbox.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(SANDBOX_SCRIPT),
  );

  app.register(async (scope) => {
    // Hosted pages post HTML forms; the parser exists only inside this scope.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    async function prepare(request: FastifyRequest, reply: FastifyReply) {
      const { provider: name, checkoutId } = request.params as Params;
      const provider = CardProvider.safeParse(name);
      const gateway = provider.success ? deps.cardGateways[provider.data] : null;
      if (!provider.success || !(gateway instanceof SandboxCardGateway)) {
        reply.code(404).type('text/plain; charset=utf-8').send('No sandbox for this provider.');
        return null;
      }
      const row = await loadCheckout(deps, provider.data, checkoutId);
      const operator = getOperator((row?.operatorId ?? deps.config.defaultOperator) as OperatorId);
      const ctx: PageContext = {
        provider: provider.data,
        action: `${SANDBOX_PAGE_PREFIX}/${provider.data}/${encodeURIComponent(checkoutId)}`,
        merchant: operator.brand,
        amount: formatMoney(0, operator.currency, 'en'),
      };
      const portalOrigin = row ? new URL(row.checkout.successUrl).origin : null;
      pageHeaders(reply, provider.data, portalOrigin);
      const now = deps.clock.now();
      const reason = sandboxClosedReason(row?.checkout, now);
      if (!row || reason) {
        reply.code(row ? 410 : 404).send(closedPage(ctx, reason ?? SANDBOX_CLOSED.unknown));
        return null;
      }
      return { gateway, checkout: row.checkout, ctx, now };
    }

    /** Back to the portal: a redirect for the full page, a top-window hop out of the iframe. */
    function finish(
      reply: FastifyReply,
      page: NonNullable<Awaited<ReturnType<typeof prepare>>>,
      result: SandboxResult,
    ) {
      const target = new URL(
        result.outcome === 'cancelled' ? page.checkout.cancelUrl : page.checkout.successUrl,
      );
      for (const [key, value] of Object.entries(page.gateway.returnParams(result))) {
        target.searchParams.set(key, value);
      }
      if (page.ctx.provider === 'verifone')
        return reply.code(303).header('location', target.toString()).send();
      return reply.send(returnPage(page.ctx, target.toString()));
    }

    scope.get(
      `${SANDBOX_PAGE_PREFIX}/:provider/:checkoutId`,
      { schema: { hide: true } },
      async (request, reply) => {
        const page = await prepare(request, reply);
        if (page) return reply.send(cardFormPage(page.ctx));
        return reply;
      },
    );

    scope.post(
      `${SANDBOX_PAGE_PREFIX}/:provider/:checkoutId`,
      { schema: { hide: true } },
      async (request, reply) => {
        const page = await prepare(request, reply);
        if (!page) return reply;
        const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Form;
        if (form.action === 'cancel')
          return finish(reply, page, { outcome: 'cancelled', checkoutId: page.checkout.id });

        const entry = { number: form.card_number ?? '', expiry: form.expiry ?? '', cvc: form.cvc ?? '' };
        const checked = checkCardEntry(entry, page.now);
        if (!checked.ok)
          return reply.code(400).send(cardFormPage(page.ctx, checked.errors, entry.expiry.slice(0, 7)));

        const card = page.gateway.cardFor(page.checkout.id, checked.card, checked.digits, checked.expire);
        switch (checked.card.behaviour) {
          case 'decline':
            return finish(reply, page, page.gateway.failed(page.checkout.id, SANDBOX_ERRORS.declined));
          case 'three_d_secure': {
            const until = new Date(page.now.getTime() + THREE_DS_MINUTES * 60_000);
            return reply.send(threeDSecurePage(page.ctx, page.gateway.pendingToken(card, until), card.last4));
          }
          default:
            return finish(reply, page, page.gateway.registered(page.checkout.id, card));
        }
      },
    );

    scope.post(
      `${SANDBOX_PAGE_PREFIX}/:provider/:checkoutId/3ds`,
      { schema: { hide: true } },
      async (request, reply) => {
        const page = await prepare(request, reply);
        if (!page) return reply;
        const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Form;
        const card = page.gateway.openPending(form.pending ?? '', page.checkout.id, page.now);
        if (!card || form.action === 'fail')
          return finish(reply, page, page.gateway.failed(page.checkout.id, SANDBOX_ERRORS.threeDSecure));
        return finish(reply, page, page.gateway.registered(page.checkout.id, card));
      },
    );
  });
}
