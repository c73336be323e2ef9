import type { CardProvider, Currency, OperatorId } from '@portal/contract';
import type { CardReturn } from '@portal/domain';

/**
 * A card payment provider (docs/operators.md: verifone for de/at/ch, dibs for no/fi). Each has
 * a sandbox implementation that works offline and is the default, and may have a real
 * one selected by configuration. Every call is idempotent by the reference it is given,
 * so a retried request never charges or refunds twice at the provider.
 */
export interface CardGateway {
  readonly provider: CardProvider;

  /**
   * Starts a card registration: the address of the provider's hosted page (verifone's
   * checkout, dibs' embedded form) for one checkout of ours. The provider sends the
   * member back to `successUrl` (or `cancelUrl`) with its query parameters.
   */
  startCheckout(request: CheckoutRequest): Promise<{ url: string; providerReference: string | null }>;

  /**
   * Reads and verifies the parameters the provider returned to the portal. Throws
   * `CardReturnError` when the signature does not hold (forged or altered parameters).
   */
  verifyReturn(params: Record<string, string>): Promise<CardReturn>;

  /** Charges a stored card (a declined invoice retried against the new card). */
  charge(request: ChargeRequest): Promise<ChargeResult>;

  /** Pays money back on an earlier charge, to the card it came from. */
  refund(request: RefundRequest): Promise<ChargeResult>;
}

export interface CheckoutRequest {
  /** Our checkout id; it comes back in the return parameters. */
  checkoutId: string;
  operatorId: OperatorId;
  memberId: string;
  locale: string;
  successUrl: string;
  cancelUrl: string;
  /**
   * A one-off payment of an open invoice (docs/payments.md, "Paying an open invoice"): the
   * page asks for exactly this amount, with 3-D Secure where the card needs it. Without it
   * the page registers a card.
   */
  payment?: { amount: number; currency: Currency; reference: string; description: string };
}

// What a verified return says: the same type for both sandboxes and the live provider.
export type { CardReturn } from '@portal/domain';

export interface ChargeRequest {
  token: string;
  amount: number;
  currency: Currency;
  /** Idempotency key: the same reference never charges twice. */
  reference: string;
  /**
   * The provider's reference of a payment the member authorised on its page for this amount
   * (a checkout opened with `payment`): a provider that reserves the money there captures
   * that reservation instead of charging the token again (Nets Easy).
   */
  authorisation?: string | null;
}

export interface RefundRequest {
  /** The provider's reference of the original charge (or ours, for payments made before). */
  paymentReference: string;
  amount: number;
  currency: Currency;
  reference: string;
}

export type ChargeResult = { ok: true; providerReference: string } | { ok: false; errorCode: number };

export class CardReturnError extends Error {}
