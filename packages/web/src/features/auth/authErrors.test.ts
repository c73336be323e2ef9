import { describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../lib/api.ts';
import { loginErrorKey, passwordRuleKey, resetErrorKey, updateErrorKey } from './authErrors.ts';

const err = (status: number, reason?: string) =>
  new ErrorResponse(status, { status, ...(reason ? { reason } : {}), errors: [] }, 'POST', '/api/x');

const refusal = (item: { type: string; context?: Record<string, unknown> }) =>
  new ErrorResponse(422, { status: 422, errors: [item] }, 'POST', '/api/auth/update');

describe('auth error mapping', () => {
  it('login: 404 or reason password check failed → wrong credentials', () => {
    expect(loginErrorKey(err(404))).toBe('auth.login.errors.wrongCredentials');
    expect(loginErrorKey(err(401, 'password check failed'))).toBe('auth.login.errors.wrongCredentials');
  });
  it('login: 429 → too many attempts', () => {
    expect(loginErrorKey(err(429))).toBe('auth.login.errors.tooManyAttempts');
  });
  it('login: anything else → generic failure', () => {
    expect(loginErrorKey(err(401))).toBe('auth.login.errors.failed');
    expect(loginErrorKey(err(500))).toBe('auth.login.errors.failed');
    expect(loginErrorKey(new TypeError('offline'))).toBe('auth.login.errors.failed');
  });
  it('reset: 404 → no user found, else the default login error', () => {
    expect(resetErrorKey(err(404))).toBe('auth.reset.notFound');
    expect(resetErrorKey(err(400))).toBe('auth.login.errors.failed');
  });
  it('update: 404 or 422 → link no longer valid, else the default login error', () => {
    expect(updateErrorKey(err(404))).toBe('auth.update.invalidLink');
    expect(updateErrorKey(err(422))).toBe('auth.update.invalidLink');
    expect(updateErrorKey(err(500))).toBe('auth.login.errors.failed');
  });

  it('keeps the password rule’s refusals at the field instead of calling the link invalid', () => {
    const refused = refusal({ type: 'password_too_short', context: { field: 'password', min_length: 12 } });
    expect(updateErrorKey(refused)).toBeNull();
    expect(passwordRuleKey(refused)).toEqual({
      key: 'auth.validation.passwordMinLength',
      values: { min: 12, max: undefined },
    });
    expect(passwordRuleKey(refusal({ type: 'invalid_reset_token' }))).toBeNull();
  });
});
