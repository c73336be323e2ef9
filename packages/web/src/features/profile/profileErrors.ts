import type { TFunction } from 'i18next';
import { ErrorResponse } from '../../lib/api.ts';

/** Refusals about the SMS code: the member can try again on the code step. */
export const CODE_ERRORS = new Set([
  'verification_required',
  'verification_code_expired',
  'invalid_verification_code',
]);

export function errorType(error: unknown): string | undefined {
  return error instanceof ErrorResponse ? error.errors[0]?.type : undefined;
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Minutes until another code may be sent, from a 429's Retry-After (in its error body). */
export function retryMinutes(error: unknown): number | null {
  if (!(error instanceof ErrorResponse) || error.status !== 429) return null;
  const seconds = numberOf(error.errors[0]?.context?.retry_after);
  return seconds === null ? null : Math.max(1, Math.ceil(seconds / 60));
}

/**
 * The texts of the profile area's refusals ("verification code is expired",
 * "invalid verification code"), or undefined for the shared error texts.
 */
export function profileErrorTexts(error: unknown, t: TFunction): string[] | undefined {
  if (!(error instanceof ErrorResponse)) return undefined;
  const minutes = retryMinutes(error);
  if (minutes !== null) return [t('profile.errors.tooManyCodes', { count: minutes })];
  const item = error.errors[0];
  switch (item?.type) {
    case 'verification_required':
      return [t('profile.errors.verificationRequired')];
    case 'verification_code_expired':
      return [t('profile.errors.codeExpired'), t('profile.errors.requestNewCode')];
    case 'invalid_verification_code': {
      const left = numberOf(item.context?.attempts_left) ?? 0;
      return [
        t('profile.errors.invalidCode'),
        left > 0 ? t('profile.errors.attemptsLeft', { count: left }) : t('profile.errors.requestNewCode'),
      ];
    }
    case 'phone_change_via_support': {
      const email = typeof item.context?.support_email === 'string' ? item.context.support_email : '';
      return [t('profile.errors.viaSupport', { email })];
    }
    case 'phone_verification_not_required':
      return [t('profile.errors.notRequired')];
    case 'invalid_request':
      return [t('profile.errors.invalidDetails')];
    default:
      return undefined;
  }
}
