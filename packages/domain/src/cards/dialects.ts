import type { CardProvider } from '@portal/contract';
import type { CardReturn } from './return.ts';
import { maskCardNumber } from './testCards.ts';

/**
 * What the sandbox page reports back, before it is spelled in a provider's parameters. A
 * registered card's reuse token is not among them: the return address (which browsers
 * keep in their history and proxies in their logs) carries the transaction's reference
 * only, and the gateway exchanges it for the token on the server, as the live Verifone
 * adapter reads it from the provider's API (docs/payments.md, ADR 009).
 */
export type SandboxResult =
  | {
      outcome: 'registered';
      checkoutId: string;
      transactionId: string;
      card: { brand: string; last4: string; expire: string; fingerprint: string };
    }
  | { outcome: 'failed'; checkoutId: string; transactionId: string; errorCode: number }
  | { outcome: 'cancelled'; checkoutId: string };

/**
 * How one provider names its return parameters. The two sandboxes deliberately differ
 * (as the real providers do), so the portal has to post back whatever it was given.
 */
export interface SandboxDialect {
  signatureField: string;
  /** The signed fields; anything else in a return is ignored. */
  fields: readonly string[];
  encode(result: SandboxResult): Record<string, string>;
  decode(params: Record<string, string>): DecodedReturn | null;
}

type Registered = Extract<CardReturn, { outcome: 'registered' }>;
/** A return as its parameters say it: a registered card names its transaction, not its token. */
export type DecodedReturn =
  | Exclude<CardReturn, Registered>
  | (Omit<Registered, 'card'> & { transactionId: string; card: Omit<Registered['card'], 'token'> });

const isYymm = (v: string | undefined): v is string => !!v && /^\d{2}(0[1-9]|1[0-2])$/.test(v);
const isCode = (v: string | undefined): v is string => !!v && /^\d{1,4}$/.test(v);

/** verifone: snake_case names like its eCommerce API, status success/failed/cancelled. */
const verifone: SandboxDialect = {
  signatureField: 'signature',
  fields: [
    'checkout_id',
    'transaction_id',
    'status',
    'card_brand',
    'card_last4',
    'card_expiry',
    'analytics_token',
    'error_code',
  ],
  encode(r): Record<string, string> {
    if (r.outcome === 'cancelled') return { checkout_id: r.checkoutId, status: 'cancelled' };
    if (r.outcome === 'failed') {
      return {
        checkout_id: r.checkoutId,
        transaction_id: r.transactionId,
        status: 'failed',
        error_code: String(r.errorCode),
      };
    }
    return {
      checkout_id: r.checkoutId,
      transaction_id: r.transactionId,
      status: 'success',
      card_brand: r.card.brand,
      card_last4: r.card.last4,
      card_expiry: r.card.expire,
      analytics_token: r.card.fingerprint,
    };
  },
  decode(p) {
    const checkoutId = p.checkout_id;
    if (!checkoutId) return null;
    if (p.status === 'cancelled') return { outcome: 'cancelled', checkoutId };
    if (p.status === 'failed' && isCode(p.error_code)) {
      return { outcome: 'failed', checkoutId, errorCode: Number(p.error_code) };
    }
    const { card_brand: brand, card_last4: last4, transaction_id: transactionId, analytics_token: fp } = p;
    if (p.status !== 'success' || !brand || !last4 || !transactionId || !fp || !isYymm(p.card_expiry))
      return null;
    return {
      outcome: 'registered',
      checkoutId,
      transactionId,
      card: { brand, details: maskCardNumber(last4), expire: p.card_expiry, fingerprint: fp },
    };
  },
};

const DIBS_BRANDS: Record<string, string> = { visa: 'VISA', mastercard: 'MC' };

/** dibs: its classic lower-case names, ACCEPTED/DECLINED/CANCELLED and a MAC. */
const dibs: SandboxDialect = {
  signatureField: 'MAC',
  fields: [
    'orderid',
    'transact',
    'status',
    'cardtype',
    'cardnomask',
    'expmon',
    'expyear',
    'cardfingerprint',
    'errorcode',
  ],
  encode(r): Record<string, string> {
    if (r.outcome === 'cancelled') return { orderid: r.checkoutId, status: 'CANCELLED' };
    if (r.outcome === 'failed') {
      return {
        orderid: r.checkoutId,
        transact: r.transactionId,
        status: 'DECLINED',
        errorcode: String(r.errorCode),
      };
    }
    return {
      orderid: r.checkoutId,
      transact: r.transactionId,
      status: 'ACCEPTED',
      cardtype: DIBS_BRANDS[r.card.brand] ?? r.card.brand.toUpperCase(),
      cardnomask: `XXXXXXXXXXXX${r.card.last4}`,
      expmon: r.card.expire.slice(2),
      expyear: r.card.expire.slice(0, 2),
      cardfingerprint: r.card.fingerprint,
    };
  },
  decode(p) {
    const checkoutId = p.orderid;
    if (!checkoutId) return null;
    if (p.status === 'CANCELLED') return { outcome: 'cancelled', checkoutId };
    if (p.status === 'DECLINED' && isCode(p.errorcode)) {
      return { outcome: 'failed', checkoutId, errorCode: Number(p.errorcode) };
    }
    const expire = `${p.expyear ?? ''}${p.expmon ?? ''}`;
    const last4 = /^X*(\d{4})$/.exec(p.cardnomask ?? '')?.[1];
    const brand = Object.entries(DIBS_BRANDS).find(([, code]) => code === p.cardtype)?.[0];
    if (p.status !== 'ACCEPTED' || !brand || !last4 || !p.transact || !p.cardfingerprint || !isYymm(expire)) {
      return null;
    }
    return {
      outcome: 'registered',
      checkoutId,
      transactionId: p.transact,
      card: { brand, details: maskCardNumber(last4), expire, fingerprint: p.cardfingerprint },
    };
  },
};

export const sandboxDialects: Record<CardProvider, SandboxDialect> = { verifone, dibs };
