import { type PageLocation, pageLocation } from '../portal.ts';
import type { CardProvider, OperatorId } from '@portal/contract';
import {
  type CardBehaviour,
  type CardReturn,
  canonicalParams,
  formatMoney,
  getOperator,
  returnSigningText,
  SANDBOX_CLOSED,
  SANDBOX_ERRORS,
  type SandboxResult,
  sandboxClosedReason,
  sandboxDialects,
  type TestCard,
} from '@portal/domain';
import type { DemoStore } from '../store.ts';

/**
 * The demo's card provider: the server's sandbox provider (adapters/cards/sandbox.ts) with
 * its hosted page in the browser. Both sides of it run in the same tab, so its key cannot
 * be a secret: anyone could forge a return with it. That is harmless (no card, no money)
 * and the portal still checks every return's signature exactly as the server does, so a
 * return whose parameters were altered on the way back is refused as there.
 */
export const DEMO_CARD_KEY = 'portal-demo-card-sandbox-key';

/** The app route of the sandbox card page: `<route>/<provider>/<checkoutId>`. */
export const DEMO_CARD_ROUTE = '/demo/card';

const encoder = new TextEncoder();
let keyPromise: ReturnType<typeof crypto.subtle.importKey> | null = null;

/** HMAC-SHA256, hex (Web Crypto: browsers and Node alike; MSW needs a secure context anyway). */
export async function hmacHex(data: string): Promise<string> {
  keyPromise ??= crypto.subtle.importKey(
    'raw',
    encoder.encode(DEMO_CARD_KEY),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('HMAC', await keyPromise, encoder.encode(data));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Constant-time enough for equal-length hex strings (nothing here is secret). */
const same = (a: string, b: string) => a.length === b.length && a === b;

const b64url = (text: string) =>
  btoa(String.fromCharCode(...encoder.encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromB64url = (text: string) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
  );

async function signToken(purpose: string, payload: unknown): Promise<string> {
  const body = b64url(JSON.stringify(payload));
  return `${body}.${await hmacHex(`${purpose}:${body}`)}`;
}

async function openToken(purpose: string, token: string): Promise<unknown> {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!same(await hmacHex(`${purpose}:${body}`), signature)) return null;
  try {
    return JSON.parse(fromB64url(body));
  } catch {
    return null;
  }
}

/** The provider's return could not be trusted (forged, altered or incomplete). */
export class CardReturnError extends Error {}

/** The signed query parameters the sandbox page sends the member back with. */
export async function signReturn(
  provider: CardProvider,
  result: SandboxResult,
): Promise<Record<string, string>> {
  const dialect = sandboxDialects[provider];
  const params = dialect.encode(result);
  const text = returnSigningText(provider, canonicalParams(dialect.fields, params));
  return { ...params, [dialect.signatureField]: await hmacHex(text) };
}

/** What the server's SandboxCardGateway.verifyReturn answers, or CardReturnError. */
export async function verifyReturn(
  provider: CardProvider,
  params: Record<string, string>,
): Promise<CardReturn> {
  const dialect = sandboxDialects[provider];
  const given = params[dialect.signatureField];
  const expected = await hmacHex(returnSigningText(provider, canonicalParams(dialect.fields, params)));
  if (!given || !same(expected, given))
    throw new CardReturnError('The card provider signature does not match.');
  const decoded = dialect.decode(params);
  if (!decoded) throw new CardReturnError('The card provider return is incomplete.');
  if (decoded.outcome !== 'registered') return decoded;
  // As the server's gateway: the transaction reference gives the reuse token (never in the address).
  const card = (await openToken(`${provider}:transaction`, decoded.transactionId)) as {
    b: CardBehaviour;
    l4: string;
  } | null;
  if (!card) throw new CardReturnError('The card provider does not know the transaction.');
  const { transactionId: _, ...registered } = decoded;
  const token = await signToken(`${provider}:token`, { b: card.b, l4: card.l4 });
  return { ...registered, card: { ...registered.card, token } };
}

/** A card the page accepted: its fingerprint and a transaction reference verifyReturn exchanges for its token. */
export async function registeredResult(
  provider: CardProvider,
  checkoutId: string,
  card: TestCard,
  digits: string,
  expire: string,
): Promise<SandboxResult> {
  const last4 = digits.slice(-4);
  return {
    outcome: 'registered',
    checkoutId,
    transactionId: await signToken(`${provider}:transaction`, {
      b: card.behaviour,
      l4: last4,
      n: crypto.randomUUID(),
    }),
    card: {
      brand: card.brand,
      last4,
      expire,
      fingerprint: `fp_${(await hmacHex(`fingerprint:${digits}`)).slice(0, 40)}`,
    },
  };
}

export const failedResult = (checkoutId: string, errorCode: number): SandboxResult => ({
  outcome: 'failed',
  checkoutId,
  transactionId: crypto.randomUUID(),
  errorCode,
});

export type ChargeResult = { ok: true; providerReference: string } | { ok: false; errorCode: number };

/** A charge of a stored card as the sandbox answers it: by the behaviour its token carries. */
export async function charge(
  provider: CardProvider,
  request: { token: string; amount: number; reference: string },
): Promise<ChargeResult> {
  if (!Number.isInteger(request.amount) || request.amount <= 0) {
    return { ok: false, errorCode: SANDBOX_ERRORS.invalidParameter };
  }
  const card = (await openToken(`${provider}:token`, request.token)) as { b?: CardBehaviour } | null;
  if (!card || typeof card.b !== 'string') return { ok: false, errorCode: SANDBOX_ERRORS.invalidResource };
  if (card.b === 'decline_charges' || card.b === 'decline')
    return { ok: false, errorCode: SANDBOX_ERRORS.declined };
  const reference = (await hmacHex(`charge:${request.reference}`)).slice(0, 24);
  return { ok: true, providerReference: `sbx-${provider}-charge-${reference}` };
}

/** Where the sandbox page of a checkout is: an app route on the portal's origin, as the server's /api/dev/cards page. */
export const cardPagePath = (provider: CardProvider, checkoutId: string) =>
  `${DEMO_CARD_ROUTE}/${provider}/${encodeURIComponent(checkoutId)}`;

/**
 * A return address as the app can open it: a portal path (dibs' addresses are the ones the
 * web app gave, `origin/payment/…`) becomes the same route in the app's hash routing.
 */
export function intoApp(address: string, page: PageLocation | undefined = pageLocation()): string {
  const url = new URL(address);
  if (!page?.hash.startsWith('#/') || url.hash.startsWith('#/') || url.origin !== page.origin) {
    return address;
  }
  return `${page.origin}${page.pathname}#${url.pathname}${url.search}`;
}

/** The return address with the provider's parameters: in the hash route's query for a hash route. */
export function withReturnParams(address: string, params: Record<string, string>): string {
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

/** The checkout as the sandbox page sees it (card-sandbox-routes.ts prepare). */
export type SandboxCheckout =
  | {
      open: true;
      provider: CardProvider;
      checkoutId: string;
      merchant: string;
      amount: string;
      successUrl: string;
      cancelUrl: string;
    }
  | { open: false; merchant: string; reason: string };

export function sandboxCheckout(store: DemoStore, provider: string, checkoutId: string): SandboxCheckout {
  const checkout = store.tables.cardCheckouts.find((c) => c.id === checkoutId && c.provider === provider);
  const member = store.tables.members.find((m) => m.id === checkout?.memberId);
  const operator = getOperator((member?.operatorId ?? 'de') as OperatorId);
  const merchant = operator.brand;
  const reason = sandboxClosedReason(checkout, store.now());
  if (!checkout || reason) return { open: false, merchant, reason: reason ?? SANDBOX_CLOSED.unknown };
  return {
    open: true,
    provider: checkout.provider,
    checkoutId,
    merchant,
    amount: formatMoney(0, operator.currency, 'en'),
    successUrl: checkout.successUrl,
    cancelUrl: checkout.cancelUrl,
  };
}
