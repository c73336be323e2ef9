import { PASSWORD_CHECK_FAILED } from '@portal/contract';
import { ErrorResponse } from '../../lib/api.ts';

/** Sign-in: 404 or reason 'password check failed' → wrong credentials; 429 → wait (docs/portal-screens.md). */
export function loginErrorKey(error: unknown): string {
  if (error instanceof ErrorResponse) {
    if (error.status === 404 || error.reason === PASSWORD_CHECK_FAILED)
      return 'auth.login.errors.wrongCredentials';
    if (error.status === 429) return 'auth.login.errors.tooManyAttempts';
  }
  return 'auth.login.errors.failed';
}

/** Reset: 404 → no user found; anything else → the default login error. */
export function resetErrorKey(error: unknown): string {
  return error instanceof ErrorResponse && error.status === 404
    ? 'auth.reset.notFound'
    : 'auth.login.errors.failed';
}

/**
 * The password rule's refusals (ADR 031), shown at the password field: the catalogue key and
 * its values, or null for any other error.
 */
export function passwordRuleKey(error: unknown): { key: string; values: Record<string, unknown> } | null {
  if (!(error instanceof ErrorResponse) || error.status !== 422) return null;
  const item = error.errors[0];
  const key = item && PASSWORD_RULE_KEYS[item.type];
  return key ? { key, values: { min: item.context?.min_length, max: item.context?.max_length } } : null;
}

const PASSWORD_RULE_KEYS: Record<string, string> = {
  password_too_short: 'auth.validation.passwordMinLength',
  password_too_long: 'auth.validation.passwordMaxLength',
  password_breached: 'auth.validation.passwordBreached',
};

/**
 * Update: 404 or 422 → the link is no longer valid, except the password rule's refusals,
 * which the form shows at its field; anything else → the default login error.
 */
export function updateErrorKey(error: unknown): string | null {
  if (passwordRuleKey(error)) return null;
  return error instanceof ErrorResponse && (error.status === 404 || error.status === 422)
    ? 'auth.update.invalidLink'
    : 'auth.login.errors.failed';
}
