import { ApiError, type ErrorItem, type Language } from '@portal/contract';
import { languageOf } from './locale.ts';
import type { RuleError } from './freeze.ts';

type Context = Record<string, unknown>;
/** An area's refusal texts: per language, per error type, a message from the error's context. */
export type RefusalTexts = Record<Language, Record<string, (context: Context) => string>>;

/**
 * One refusal as an error item, its message from `texts` in `language` (English if
 * missing). Here, with the rules that refuse, so every area words its refusals alike.
 */
export function localizedItem(texts: RefusalTexts, error: RuleError, language: Language): ErrorItem {
  const context = error.context ?? {};
  const text = texts[language][error.type] ?? texts.en[error.type];
  return {
    type: error.type,
    message: text ? text(context) : error.type,
    ...(error.context ? { context } : {}),
  };
}

/** A 422 with an area's own refusal texts in the given locale's language. */
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
