import { CardProvider, type OperatorId } from '@portal/contract';
import {
  type CardField,
  checkCardEntry,
  formatMoney,
  getOperator,
  SANDBOX_CLOSED,
  SANDBOX_ERRORS,
  type SandboxResult,
  sandboxClosedReason,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { SANDBOX_PAGE_PREFIX, SandboxCardGateway } from '../../adapters/cards/sandbox.ts';
import { cardCheckouts, members } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';

/** How long the 3-D Secure question may stay open. */
const THREE_DS_MINUTES = 10;

/** What the provider's page shows above its form: whose checkout, for how much. */
export interface CardSandboxPageContext {
  provider: CardProvider;
  /** The form's own address (the server's page posts back to it). */
  action: string;
  merchant: string;
  amount: string;
  /** What the amount is for: a card verification (0) or the payment of an open invoice. */
  purpose: 'verification' | 'payment';
  /** The page's language: the one the portal asked for, else the member's (docs/payments.md). */
  locale: string;
}

/**
 * What the sandbox provider's hosted page does next, whoever draws it: the server's HTML
 * pages (card-sandbox-routes.ts) or the demo's page in the browser.
 */
export type CardSandboxStep =
  /** No sandbox for that provider name (404, plain text). */
  | { kind: 'no_sandbox' }
  /** Unknown (404) or no longer open (410) checkout. */
  | { kind: 'closed'; status: 404 | 410; ctx: CardSandboxPageContext; reason: string }
  /** The card form, again with the fields' errors after a refused entry (400). */
  | {
      kind: 'form';
      status: 200 | 400;
      ctx: CardSandboxPageContext;
      errors?: Partial<Record<CardField, string>>;
      expiry?: string;
    }
  /** The 3-D Secure question; `pending` carries the card, signed, to the answer. */
  | { kind: 'three_d_secure'; ctx: CardSandboxPageContext; pending: string; last4: string }
  /** Back to the portal at `url` (verifone: a redirect of the page; dibs: out of the frame). */
  | { kind: 'return'; ctx: CardSandboxPageContext; url: string };

export interface CardSandboxPage {
  /** The origin of the portal that opened the checkout (it alone may frame dibs' form), if known. */
  portalOrigin: string | null;
  step: CardSandboxStep;
}

type Form = Record<string, string | undefined>;

/**
 * The sandbox card providers' hosted page (outside production only): the checkout the
 * portal opened, the card form (test cards only; the number is never stored: only brand,
 * last four, expiry and a keyed hash leave it), an optional 3-D Secure step, and the signed
 * return to the portal's success or cancel address. One copy for the server's pages and
 * the demo's (docs/payments.md).
 */
export function createCardSandbox(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'cardGateways'>) {
  async function loadCheckout(provider: CardProvider, id: string) {
    if (id.length > 100) return null;
    const [row] = await deps.db
      .select({ checkout: cardCheckouts, operatorId: members.operatorId, memberLocale: members.locale })
      .from(cardCheckouts)
      .innerJoin(members, eq(members.id, cardCheckouts.memberId))
      .where(eq(cardCheckouts.id, id))
      .limit(1);
    return row && row.checkout.provider === provider ? row : null;
  }

  type Open = {
    gateway: SandboxCardGateway;
    checkout: NonNullable<Awaited<ReturnType<typeof loadCheckout>>>['checkout'];
    ctx: CardSandboxPageContext;
    now: Date;
    portalOrigin: string;
  };

  /**
   * `requested` is the locale the portal put on the page's address (and the page's forms
   * send back); one the operator does not offer falls back to the member's, then the operator's.
   */
  async function prepare(
    name: string,
    checkoutId: string,
    requested: string | undefined,
  ): Promise<CardSandboxPage | Open> {
    const provider = CardProvider.safeParse(name);
    const gateway = provider.success ? deps.cardGateways[provider.data] : null;
    if (!provider.success || !(gateway instanceof SandboxCardGateway))
      return { portalOrigin: null, step: { kind: 'no_sandbox' } };
    const row = await loadCheckout(provider.data, checkoutId);
    const operator = getOperator((row?.operatorId ?? deps.config.defaultOperator) as OperatorId);
    const offered = operator.locales as readonly string[];
    const locale =
      [requested, row?.memberLocale].find((l): l is string => !!l && offered.includes(l)) ?? offered[0]!;
    const ctx: CardSandboxPageContext = {
      provider: provider.data,
      action: `${SANDBOX_PAGE_PREFIX}/${provider.data}/${encodeURIComponent(checkoutId)}`,
      merchant: operator.brand,
      // The member's currency, written as their language writes it.
      amount: formatMoney(row?.checkout.amount ?? 0, operator.currency, locale),
      purpose: row?.checkout.invoiceId ? 'payment' : 'verification',
      locale,
    };
    const portalOrigin = row ? new URL(row.checkout.successUrl).origin : null;
    const now = deps.clock.now();
    const reason = sandboxClosedReason(row?.checkout, now);
    if (!row || reason)
      return {
        portalOrigin,
        step: { kind: 'closed', status: row ? 410 : 404, ctx, reason: reason ?? SANDBOX_CLOSED.unknown },
      };
    return { gateway, checkout: row.checkout, ctx, now, portalOrigin: portalOrigin! };
  }

  const isPage = (value: CardSandboxPage | Open): value is CardSandboxPage => 'step' in value;

  /** Back to the portal: the signed result on the success or cancel address. */
  function finish(page: Open, result: SandboxResult): CardSandboxPage {
    const target = result.outcome === 'cancelled' ? page.checkout.cancelUrl : page.checkout.successUrl;
    const url = withReturnParams(target, page.gateway.returnParams(result));
    return { portalOrigin: page.portalOrigin, step: { kind: 'return', ctx: page.ctx, url } };
  }

  return {
    /** The form of an open checkout. */
    async open(provider: string, checkoutId: string, locale?: string): Promise<CardSandboxPage> {
      const page = await prepare(provider, checkoutId, locale);
      if (isPage(page)) return page;
      return { portalOrigin: page.portalOrigin, step: { kind: 'form', status: 200, ctx: page.ctx } };
    },

    /** The form sent: cancelled, refused (the fields' errors), declined, a 3-D Secure question or registered. */
    async submit(provider: string, checkoutId: string, form: Form): Promise<CardSandboxPage> {
      const page = await prepare(provider, checkoutId, form.locale);
      if (isPage(page)) return page;
      if (form.action === 'cancel')
        return finish(page, { outcome: 'cancelled', checkoutId: page.checkout.id });
      const entry = { number: form.card_number ?? '', expiry: form.expiry ?? '', cvc: form.cvc ?? '' };
      const checked = checkCardEntry(entry, page.now);
      if (!checked.ok)
        return {
          portalOrigin: page.portalOrigin,
          step: {
            kind: 'form',
            status: 400,
            ctx: page.ctx,
            errors: checked.errors,
            expiry: entry.expiry.slice(0, 7),
          },
        };
      const card = page.gateway.cardFor(page.checkout.id, checked.card, checked.digits, checked.expire);
      switch (checked.card.behaviour) {
        case 'decline':
          return finish(page, page.gateway.failed(page.checkout.id, SANDBOX_ERRORS.declined));
        case 'three_d_secure': {
          const until = new Date(page.now.getTime() + THREE_DS_MINUTES * 60_000);
          return {
            portalOrigin: page.portalOrigin,
            step: {
              kind: 'three_d_secure',
              ctx: page.ctx,
              pending: page.gateway.pendingToken(card, until),
              last4: card.last4,
            },
          };
        }
        default:
          return finish(page, page.gateway.registered(page.checkout.id, card));
      }
    },

    /** The 3-D Secure answer: confirmed registers the card, anything else fails the checkout. */
    async confirm(provider: string, checkoutId: string, form: Form): Promise<CardSandboxPage> {
      const page = await prepare(provider, checkoutId, form.locale);
      if (isPage(page)) return page;
      const card = page.gateway.openPending(form.pending ?? '', page.checkout.id, page.now);
      if (!card || form.action === 'fail')
        return finish(page, page.gateway.failed(page.checkout.id, SANDBOX_ERRORS.threeDSecure));
      return finish(page, page.gateway.registered(page.checkout.id, card));
    },
  };
}

/**
 * The return address with the provider's parameters. A portal that routes by the hash (the
 * static demo) reads its query inside the hash (`…/#/payment/x?cancelled=1`): they go there.
 */
function withReturnParams(address: string, params: Record<string, string>): string {
  const url = new URL(address);
  if (url.hash.startsWith('#/')) {
    const [path, query = ''] = url.hash.slice(1).split('?');
    const search = new URLSearchParams(query);
    for (const [key, value] of Object.entries(params)) search.set(key, value);
    url.hash = `${path}?${search}`;
    return url.toString();
  }
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export type CardSandbox = ReturnType<typeof createCardSandbox>;
