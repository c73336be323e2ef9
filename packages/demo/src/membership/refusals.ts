import { ApiError, type ErrorItem } from '@portal/contract';
import { languageOf, type RuleError, ruleErrorItem } from '@portal/domain';
import type { MembershipState } from './state.ts';

/** Domain refusals as error items in the member's language (server: membership/changes.ts). */
export function refusalItems(state: MembershipState, errors: readonly RuleError[]): ErrorItem[] {
  const language = languageOf(state.member.locale);
  return errors.map((e) => ruleErrorItem(e, language));
}

/** A 422 with the refusals of a domain rule, in the member's language. */
export function refusal(state: MembershipState, errors: readonly RuleError[]): ApiError {
  return new ApiError(422, refusalItems(state, errors));
}

export { localizedRefusal } from '@portal/domain';
