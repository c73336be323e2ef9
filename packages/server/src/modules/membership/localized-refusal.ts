import { languageOf, localizedItem, type RefusalTexts, type RuleError } from '@portal/domain';
import { ApiError } from '../../http/errors.ts';

// The texts' type and the item they make live in domain (the demo answers with them too).
export { localizedItem, type RefusalTexts } from '@portal/domain';

/** A 422 with an area's own refusal texts in the member's language. */
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
