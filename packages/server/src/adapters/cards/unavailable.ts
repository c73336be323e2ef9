import type { CardProvider } from '@portal/contract';
import type { CardGateway, ChargeResult } from './index.ts';

/** The provider cannot be reached or is not configured; the card service answers 503. */
export class CardProviderUnavailableError extends Error {}

/** Card provider error 100 (`CARD_PROVIDER_ERRORS`): "Unexpected error". */
const UNEXPECTED_ERROR = 100;

/**
 * The provider in production when no real adapter is configured: the sandbox must never
 * run there, so card updates are refused and charges and refunds fail without a call.
 */
export function unavailableGateway(provider: CardProvider): CardGateway {
  const refuse = async (): Promise<never> => {
    throw new CardProviderUnavailableError(`The ${provider} card provider is not configured.`);
  };
  const fail = async (): Promise<ChargeResult> => ({ ok: false, errorCode: UNEXPECTED_ERROR });
  return { provider, startCheckout: refuse, verifyReturn: refuse, charge: fail, refund: fail };
}
