import { BUSINESS_ERROR_TYPES, type BusinessErrorType, type ErrorItem } from '@portal/contract';
import type { TFunction } from 'i18next';
import { ErrorResponse, ContractError, NetworkError } from './api.ts';
import { formatDate } from './format.ts';

/** Codes whose text is the server's message, with a fallback of ours (docs/portal-screens.md). */
const MESSAGE_CODES = new Set<string>([
  'already_in_cancellation_error',
  'cancel_in_freeze_not_allowed',
  'cancel_with_scheduled_freeze_not_allowed',
]);

const isBusinessErrorType = (type: string): type is BusinessErrorType =>
  (BUSINESS_ERROR_TYPES as readonly string[]).includes(type);

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The text of one error item, or null when the code has none. */
export function errorItemText(item: ErrorItem, t: TFunction, locale: string): string | null {
  if (!isBusinessErrorType(item.type)) return null;
  const ctx = item.context ?? {};
  const message =
    item.message?.trim() || (MESSAGE_CODES.has(item.type) ? t(`errors.fallback.${item.type}`) : '');
  const status = text(ctx.status);
  return t(`errors.codes.${item.type}`, {
    message,
    status: status ? t(`statusName.${status}`, { defaultValue: status }) : '',
    max_months: text(ctx.max_months),
    used_months: text(ctx.used_months),
    begin_date: ctx.begin_date ? formatDate(text(ctx.begin_date), locale) : '',
    end_date: ctx.end_date ? formatDate(text(ctx.end_date), locale) : '',
  });
}

/**
 * The texts to show for a failed call: the catalogue texts of its error items, or the
 * generic "something went wrong".
 */
export function errorTexts(error: unknown, t: TFunction, locale: string): string[] {
  if (error instanceof ErrorResponse) {
    const texts = error.errors.map((item) => errorItemText(item, t, locale)).filter((s): s is string => !!s);
    if (texts.length > 0) return texts;
    if (error.status === 429) return [t('errors.tooManyRequests')];
  }
  if (error instanceof NetworkError) return [t('errors.network')];
  if (error instanceof ContractError) return [t('errors.contract')];
  return [t('errors.generic')];
}
