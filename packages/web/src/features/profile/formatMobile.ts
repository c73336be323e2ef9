import type { Mobile } from '@portal/contract';

const NBSP = '\u00a0';

/**
 * How a market writes its own mobile numbers: Switzerland in groups of 2, 3, 2 and 2 digits
 * ("+41 79 123 45 67"). Other numbers keep the digits as entered.
 */
function grouped(prefix: string, number: string): string {
  const digits = number.replace(/\s+/g, '');
  if (prefix === '+41' && /^\d{9}$/.test(digits))
    return [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 7), digits.slice(7)].join(NBSP);
  return number;
}

/** "+47 41299001", "+41 79 123 45 67", kept on one line. */
export const formatMobile = (mobile: Mobile) =>
  `${mobile.prefix}${NBSP}${grouped(mobile.prefix, mobile.number)}`.trim();
