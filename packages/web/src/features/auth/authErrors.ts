import { PASSWORD_CHECK_FAILED } from '@portal/contract';
import { ApiError } from '../../lib/api.ts';

/** Spec section 8, login: 404 or reason 'password check failed' → wrong credentials; 429 → wait. */
export function loginErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404 || error.reason === PASSWORD_CHECK_FAILED)
      return 'auth.login.errors.wrongCredentials';
    if (error.status === 429) return 'auth.login.errors.tooManyAttempts';
  }
  return 'auth.login.errors.failed';
}

/** Reset: 404 → no user found; anything else → the default login error. */
export function resetErrorKey(error: unknown): string {
  return error instanceof ApiError && error.status === 404
    ? 'auth.reset.notFound'
    : 'auth.login.errors.failed';
}

/** Update: 404 or 422 → the link is no longer valid; anything else → the default login error. */
export function updateErrorKey(error: unknown): string {
  return error instanceof ApiError && (error.status === 404 || error.status === 422)
    ? 'auth.update.invalidLink'
    : 'auth.login.errors.failed';
}
