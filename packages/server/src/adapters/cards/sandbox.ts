import type { CardProvider } from '@portal/contract';
import {
  type CardBehaviour,
  canonicalParams,
  returnSigningText,
  SANDBOX_ERRORS,
  type SandboxDialect,
  type SandboxResult,
  sandboxDialects,
  type TestCard,
} from '@portal/domain';
import {
  type CardGateway,
  type CardReturn,
  CardReturnError,
  type ChargeRequest,
  type ChargeResult,
  type CheckoutRequest,
  type RefundRequest,
} from './index.ts';
import { hmacHex, openToken, sameSignature, signToken } from './signing.ts';
import { randomUUID } from '../../platform/crypto.ts';

/** Where the sandbox serves its hosted page (outside production only). */
export const SANDBOX_PAGE_PREFIX = '/api/dev/cards';

/**
 * Where the hosted page of a checkout is, given the portal's return address (validated by
 * the caller) and the language the page is to speak (as a real provider's language parameter).
 */
export type SandboxPageAddress = (
  provider: CardProvider,
  checkoutId: string,
  successUrl: string,
  locale: string,
) => string;

/** The server's pages (card-sandbox-routes.ts), on the origin of the portal's return address. */
const serverPage: SandboxPageAddress = (provider, checkoutId, successUrl, locale) => {
  const url = new URL(`${SANDBOX_PAGE_PREFIX}/${provider}/${encodeURIComponent(checkoutId)}`, successUrl);
  url.searchParams.set('locale', locale);
  return url.toString();
};

/** What a stored sandbox token knows about its card: never the number, only how it behaves. */
interface TokenPayload {
  b: CardBehaviour;
  l4: string;
}

/** A card that passed the 3-D Secure question, waiting for the member's answer. */
export interface PendingCard {
  checkoutId: string;
  brand: string;
  last4: string;
  expire: string;
  fingerprint: string;
  behaviour: CardBehaviour;
}

/**
 * The offline stand-in for one provider: it signs what its hosted page returns with
 * HMAC-SHA256 under the provider's secret, issues tokens that carry the test card's
 * behaviour, and charges or refunds deterministically by reference (so twice is once).
 */
export class SandboxCardGateway implements CardGateway {
  readonly provider: CardProvider;
  readonly #secret: string;
  readonly #dialect: SandboxDialect;

  readonly #pageAddress: SandboxPageAddress;

  constructor(provider: CardProvider, secret: string, pageAddress: SandboxPageAddress = serverPage) {
    if (secret.length < 16) throw new Error(`the ${provider} sandbox secret is too short`);
    this.provider = provider;
    this.#secret = secret;
    this.#dialect = sandboxDialects[provider];
    this.#pageAddress = pageAddress;
  }

  async startCheckout(request: CheckoutRequest) {
    return {
      url: this.#pageAddress(this.provider, request.checkoutId, request.successUrl, request.locale),
      providerReference: null,
    };
  }

  async verifyReturn(params: Record<string, string>): Promise<CardReturn> {
    const d = this.#dialect;
    const given = params[d.signatureField];
    if (!given || !sameSignature(this.#sign(params), given)) {
      throw new CardReturnError('The card provider signature does not match.');
    }
    const decoded = d.decode(params);
    if (!decoded) throw new CardReturnError('The card provider return is incomplete.');
    if (decoded.outcome !== 'registered') return decoded;
    // The provider's side of the exchange: its transaction gives the card's reuse token.
    const card = openToken(
      this.#secret,
      `${this.provider}:transaction`,
      decoded.transactionId,
    ) as TokenPayload | null;
    if (!card) throw new CardReturnError('The card provider does not know the transaction.');
    const { transactionId: _, ...registered } = decoded;
    return { ...registered, card: { ...registered.card, token: this.#cardToken(card) } };
  }

  /** The reuse token of a card: it carries how the test card behaves, never its number. */
  #cardToken(card: TokenPayload): string {
    return signToken(this.#secret, `${this.provider}:token`, {
      b: card.b,
      l4: card.l4,
    } satisfies TokenPayload);
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amount) || request.amount <= 0) {
      return { ok: false, errorCode: SANDBOX_ERRORS.invalidParameter };
    }
    const card = this.#openCardToken(request.token);
    if (!card) return { ok: false, errorCode: SANDBOX_ERRORS.invalidResource };
    if (card.b === 'decline_charges' || card.b === 'decline') {
      return { ok: false, errorCode: SANDBOX_ERRORS.declined };
    }
    return { ok: true, providerReference: this.#reference('charge', request.reference) };
  }

  async refund(request: RefundRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amount) || request.amount <= 0 || !request.paymentReference) {
      return { ok: false, errorCode: SANDBOX_ERRORS.invalidParameter };
    }
    return { ok: true, providerReference: this.#reference('refund', request.reference) };
  }

  /** The signed query parameters the hosted page sends the member back with. */
  returnParams(result: SandboxResult): Record<string, string> {
    const params = this.#dialect.encode(result);
    return { ...params, [this.#dialect.signatureField]: this.#sign(params) };
  }

  /**
   * A registered card as the provider reports it: masked, with its fingerprint, and a
   * transaction reference that only this gateway can exchange for the reuse token
   * (verifyReturn), so the token never travels in the return address.
   */
  registered(checkoutId: string, card: PendingCard): SandboxResult {
    const transactionId = signToken(this.#secret, `${this.provider}:transaction`, {
      b: card.behaviour,
      l4: card.last4,
      n: randomUUID(),
    });
    return {
      outcome: 'registered',
      checkoutId,
      transactionId,
      card: { brand: card.brand, last4: card.last4, expire: card.expire, fingerprint: card.fingerprint },
    };
  }

  failed(checkoutId: string, errorCode: number): SandboxResult {
    return { outcome: 'failed', checkoutId, transactionId: randomUUID(), errorCode };
  }

  /** What the page keeps of an entered card: brand, last four, expiry and a keyed hash. */
  cardFor(checkoutId: string, card: TestCard, digits: string, expire: string): PendingCard {
    return {
      checkoutId,
      brand: card.brand,
      last4: digits.slice(-4),
      expire,
      fingerprint: `fp_${hmacHex(this.#secret, `fingerprint:${digits}`).slice(0, 40)}`,
      behaviour: card.behaviour,
    };
  }

  /** The 3-D Secure step carries the card in a signed hidden field, so the page keeps no state. */
  pendingToken(card: PendingCard, expiresAt: Date): string {
    return signToken(this.#secret, `${this.provider}:3ds`, { ...card, until: expiresAt.getTime() });
  }

  openPending(token: string, checkoutId: string, now: Date): PendingCard | null {
    const payload = openToken(this.#secret, `${this.provider}:3ds`, token) as
      | (PendingCard & { until: number })
      | null;
    if (!payload || payload.checkoutId !== checkoutId || payload.until < now.getTime()) return null;
    const { until: _until, ...card } = payload;
    return card;
  }

  #sign(params: Record<string, string>): string {
    const text = canonicalParams(this.#dialect.fields, params);
    return hmacHex(this.#secret, returnSigningText(this.provider, text));
  }

  #openCardToken(token: string): TokenPayload | null {
    const payload = openToken(this.#secret, `${this.provider}:token`, token) as TokenPayload | null;
    return payload && typeof payload.b === 'string' ? payload : null;
  }

  #reference(kind: 'charge' | 'refund', reference: string): string {
    return `sbx-${this.provider}-${kind}-${hmacHex(this.#secret, `${kind}:${reference}`).slice(0, 24)}`;
  }
}
