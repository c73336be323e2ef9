/**
 * Identifying a member without a password (the § 312k cancellation form): names compare
 * trimmed, case- and accent-insensitively, hyphens and runs of spaces as one space, so
 * "  JÜRGEN  Müller-Lüdenscheidt" is "jurgen muller ludenscheidt".
 */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', þ: 'th' };

export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæøœłđþ]/g, (c) => LETTERS[c] ?? c)
    .replace(/[\s\-‐‑–]+/g, ' ')
    .trim();
}

export function sameName(a: string, b: string): boolean {
  return normalizeName(a) === normalizeName(b);
}

/** A membership number as typed: spaces dropped ("1 000 114" is 1000114). */
export function normalizeMembershipNumber(number: string): string {
  return number.replace(/\s+/g, '');
}
