import { ApiError, type ErrorItem } from '@portal/contract';
import { languageOf, localizedItem, type RefusalTexts, type RuleError, ruleErrorItem } from '@portal/domain';
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

/** A 422 with an area's own refusal texts in the given locale's language (server: localizedRefusal). */
export function localizedRefusal(
  texts: RefusalTexts,
  locale: string,
  errors: readonly RuleError[],
): ApiError {
  const language = languageOf(locale);
  return new ApiError(
    422,
    errors.map((e) => localizedItem(texts, e, language)),
  );
}
