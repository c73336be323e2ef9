import { MIN_PASSWORD_LENGTH } from '@portal/contract';
import { passwordLength } from '@portal/domain';

export type PasswordStrength = 'weak' | 'fair' | 'good' | 'strong';

/** How many kinds of characters a password mixes: lower case, upper case, digits, others. */
export function characterVariety(password: string): number {
  return [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((kind) => kind.test(password)).length;
}

/**
 * A rough hint from length and variety, for the member's comfort only: the server refuses
 * passwords shorter than MIN_PASSWORD_LENGTH and the commonly breached ones, and asks for no
 * mix of characters (ADR 031). Length counts most (long passphrases are strong).
 */
export function passwordStrength(password: string): PasswordStrength | null {
  const length = passwordLength(password);
  if (length === 0) return null;
  if (length < MIN_PASSWORD_LENGTH) return 'weak';
  const variety = characterVariety(password);
  if (length >= 20 || (length >= 16 && variety >= 3)) return 'strong';
  if (length >= 16 || variety >= 3) return 'good';
  return 'fair';
}

export const STRENGTH_LEVELS: readonly PasswordStrength[] = ['weak', 'fair', 'good', 'strong'];
