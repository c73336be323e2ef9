import {
  CARD_ALREADY_EXISTS_MESSAGE,
  type CardRegistered,
  type CardUpdateOutcome,
  type InvoiceStatus,
} from '@portal/contract';
import { ErrorResponse } from '../../../lib/api.ts';

export interface RetriedInvoice {
  id: string;
  invoice_number: string;
  status: InvoiceStatus;
}

/** What the banner on /payment/payment-method-updated shows (docs/portal-screens.md). */
export interface CardUpdateResult {
  outcome: CardUpdateOutcome;
  /** Declined invoices the server charged to the new card, and what became of each. */
  retried: RetriedInvoice[];
  /** The refusal's type on an error (e.g. card_declined), for a more precise text. */
  errorType: string | null;
}

/**
 * The provider's query parameters on the return address, or null when there are none.
 * Every one is passed on as it came (the server checks their signature).
 */
export function providerParams(search: string): Record<string, string> | null {
  const params = new URLSearchParams(search);
  const entries = [...params.entries()];
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

const alreadyExists = (message: string | undefined) => message?.trim() === CARD_ALREADY_EXISTS_MESSAGE;

/**
 * An OK answer is success, or "exists" when its message (or outcome)
 * says the card is already registered; any non-OK answer is an error, except one whose
 * message says the card already exists, which counts as success too.
 */
export function registrationResult(answer: CardRegistered | undefined, error: unknown): CardUpdateResult {
  if (answer) {
    const exists = answer.outcome === 'exists' || alreadyExists(answer.message);
    return {
      outcome: exists ? 'exists' : 'success',
      retried: answer.retried_invoices ?? [],
      errorType: null,
    };
  }
  if (error instanceof ErrorResponse && error.errors.some((item) => alreadyExists(item.message))) {
    return { outcome: 'exists', retried: [], errorType: null };
  }
  const errorType = error instanceof ErrorResponse ? (error.errors[0]?.type ?? null) : null;
  return { outcome: 'error', retried: [], errorType };
}

/** The history state the page keeps the result in once the parameters are gone from the address. */
export interface CardUpdateState {
  cardUpdate: CardUpdateResult;
}

export function storedResult(state: unknown): CardUpdateResult | null {
  if (typeof state !== 'object' || state === null || !('cardUpdate' in state)) return null;
  const result = (state as CardUpdateState).cardUpdate;
  return result && typeof result.outcome === 'string' && Array.isArray(result.retried) ? result : null;
}
