import type { CardProvider } from '@portal/contract';
import {
  CARD_CHECK_TEXTS,
  type CardRefusal,
  cardTexts,
  cardUpdateAllowed,
  languageOf,
  ownReturnAddress,
} from '@portal/domain';
import { CardReturnError } from '../../adapters/cards/index.ts';
import { CardProviderUnavailableError } from '../../adapters/cards/unavailable.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, invalidRequest, ruleViolation } from '../../http/errors.ts';
import { allowedOrigins } from '../../http/origins.ts';
import type { MembershipState } from '../membership/state.ts';

/** A refusal of the card update in the member's language (503 when the provider is unreachable). */
export function refusal(
  state: MembershipState,
  type: CardRefusal,
  context?: Record<string, unknown>,
): ApiError {
  const message = cardTexts[languageOf(state.member.locale)].refusals[type]({
    provider: state.operator.cardProvider,
  });
  if (type === 'card_provider_unavailable') return new ApiError(503, [{ type, message }]);
  return ruleViolation(type, message, context);
}

/** Spec section 5: the card update needs a valid mobile (the providers receive it). */
export function checkAllowed(state: MembershipState): void {
  const mobile = { prefix: state.member.mobilePrefix, number: state.member.mobileNumber };
  if (!cardUpdateAllowed(mobile)) throw refusal(state, 'invalid_personal_details');
}

export function checkLocation(state: MembershipState, locationId: string, field: string): void {
  if (locationId !== state.membership.locationId) throw invalidRequest(field, CARD_CHECK_TEXTS.notYourClub);
}

export function checkProvider(state: MembershipState, provider: CardProvider): void {
  if (state.operator.cardProvider !== provider) {
    throw refusal(state, 'card_provider_mismatch', { provider: state.operator.cardProvider });
  }
}

/** An absolute http(s) address on one of the operator's own origins, else a 400 naming the field. */
export function portalAddress(state: MembershipState, value: string, field: string, deps: AppDeps): string {
  const address = ownReturnAddress(value, allowedOrigins(state.operator.id, deps.config));
  if (!address) throw invalidRequest(field, CARD_CHECK_TEXTS.notOwnAddress);
  return address;
}

export function providerTrouble(state: MembershipState, error: unknown): never {
  if (error instanceof CardReturnError) throw refusal(state, 'invalid_card_return');
  if (error instanceof CardProviderUnavailableError) throw refusal(state, 'card_provider_unavailable');
  throw error;
}
