import { CARD_CHECK_TEXTS, cardRefusal as refusal, ownReturnAddress } from '@portal/domain';
import { CardReturnError } from '../../adapters/cards/index.ts';
import { CardProviderUnavailableError } from '../../adapters/cards/unavailable.ts';
import type { AppDeps } from '../../deps.ts';
import { invalidRequest } from '../../http/errors.ts';
import { allowedOrigins } from '../../http/origins.ts';
import type { MembershipState } from '../membership/state.ts';

// The checks and refusals are domain's (cards/update.ts); this file names them for payments.
export {
  cardRefusal as refusal,
  checkCardLocation as checkLocation,
  checkCardProvider as checkProvider,
  checkCardUpdateAllowed as checkAllowed,
} from '@portal/domain';

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
