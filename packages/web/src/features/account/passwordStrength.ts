export type PasswordStrength = 'weak' | 'fair' | 'good' | 'strong';

/** How many kinds of characters a password mixes: lower case, upper case, digits, others. */
export function characterVariety(password: string): number {
  return [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((kind) => kind.test(password)).length;
}

/**
 * A rough hint from length and variety, for the member's comfort only: the server accepts
 * any password of the minimum length. Length counts most (long passphrases are strong).
 */
export function passwordStrength(password: string): PasswordStrength | null {
  const length = [...password].length;
  if (length === 0) return null;
  const variety = characterVariety(password);
  if (length >= 16 || (length >= 12 && variety >= 3)) return 'strong';
  if (length >= 10 || (length >= 8 && variety >= 3)) return 'good';
  if (length >= 8 || (length >= 6 && variety >= 3)) return 'fair';
  return 'weak';
}

export const STRENGTH_LEVELS: readonly PasswordStrength[] = ['weak', 'fair', 'good', 'strong'];
