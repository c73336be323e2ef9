import type { ErrorItem, Language } from '@portal/contract';
import type { RuleError } from './freeze.ts';

type Context = Record<string, unknown>;
/** An area's refusal texts: per language, per error type, a message from the error's context. */
export type RefusalTexts = Record<Language, Record<string, (context: Context) => string>>;

/**
 * One refusal as an error item, its message from `texts` in `language` (English if
 * missing). Here, not in the server, so the demo's answers carry the same messages.
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
