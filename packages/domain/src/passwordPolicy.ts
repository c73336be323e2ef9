import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@portal/contract';
import type { RuleError } from './freeze.ts';

/*
 * The rule for a new password, for a reset link and the signed-in change alike (ADR 031,
 * ASVS 2.1.1, 2.1.2, 2.1.7, 2.1.9): 12 to 128 characters, no composition rules, not one of
 * the commonly breached passwords. Characters are Unicode code points of the NFC form, so
 * "é" typed as one or as two code points counts and hashes the same. The breached list
 * stays on the server (the caller passes its check in); the portal shows the length rule.
 */

/** The form a password is hashed and compared in. */
export const normalizePassword = (password: string): string => password.normalize('NFC');

/** Characters as the rule counts them: code points after NFC normalisation. */
export const passwordLength = (password: string): number => [...normalizePassword(password)].length;

/** The length part of the rule, which the portal checks too: a refusal, or null. */
export function passwordLengthProblem(password: string, field: string): RuleError | null {
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH) {
    return { type: 'password_too_short', context: { field, min_length: MIN_PASSWORD_LENGTH } };
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return { type: 'password_too_long', context: { field, max_length: MAX_PASSWORD_LENGTH } };
  }
  return null;
}

/**
 * The whole rule: length, then the breached list. `isCommon` gets the NFC form in lower case
 * (the list is lower case, so "Password1234" is refused like "password1234").
 */
export function newPasswordProblem(
  password: string,
  field: string,
  isCommon: (lowerCaseNfc: string) => boolean,
): RuleError | null {
  const length = passwordLengthProblem(password, field);
  if (length) return length;
  if (isCommon(normalizePassword(password).toLowerCase())) {
    return { type: 'password_breached', context: { field } };
  }
  return null;
}
