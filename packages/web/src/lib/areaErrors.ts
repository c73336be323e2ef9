import type { i18n as I18n, TFunction } from 'i18next';
import { ErrorResponse } from './api.ts';
import { errorTexts } from './errorText.ts';
import { formatDate } from './format.ts';

/** Template values of an error's context: statuses by name, calendar dates formatted. */
function contextValues(
  context: Record<string, unknown>,
  t: TFunction,
  locale: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(context).map(([key, value]) => {
      const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      if (key === 'status') return [key, t(`statusName.${text}`, { defaultValue: text })];
      if (key.endsWith('_date')) return [key, formatDate(text, locale)];
      return [key, text];
    }),
  );
}

/**
 * The texts of a failed call of an area whose refusals have texts of their own under
 * `<namespace>.<type>` in the catalogue; anything else gets the shared texts
 * (`errorTexts`, or the generic one).
 */
export function areaErrorTexts(error: unknown, t: TFunction, i18n: I18n, namespace: string): string[] {
  if (error instanceof ErrorResponse) {
    const texts = error.errors.flatMap((item) => {
      const key = `${namespace}.${item.type}`;
      return i18n.exists(key) ? [t(key, contextValues(item.context ?? {}, t, i18n.language))] : [];
    });
    if (texts.length > 0) return texts;
  }
  return errorTexts(error, t, i18n.language);
}
