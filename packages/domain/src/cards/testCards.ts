/**
 * The sandbox providers' test cards. Only these numbers are accepted on the hosted sandbox
 * page, so nobody types a real card into it. What happens to each is fixed here and
 * travels in the signed token, so later charges behave the same way.
 */
export type CardBehaviour = 'approve' | 'three_d_secure' | 'decline' | 'decline_charges';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard';
  behaviour: CardBehaviour;
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', brand: 'visa', behaviour: 'approve', description: 'Registered' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: 'approve', description: 'Registered' },
  {
    number: '4000000000003220',
    brand: 'visa',
    behaviour: 'three_d_secure',
    description: '3-D Secure step: confirm registers it, fail ends in error 140',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    behaviour: 'decline',
    description: 'Declined by the processor (error 121)',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    behaviour: 'decline_charges',
    description: 'Registered, but every later charge is declined (error 121)',
  },
];

/** Provider error codes (`CARD_PROVIDER_ERRORS`) the sandbox answers with. */
export const SANDBOX_ERRORS = {
  declined: 121,
  threeDSecure: 140,
  invalidResource: 110,
  invalidParameter: 107,
} as const;

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** `**** **** **** 1111`, as the seeded cards show. */
export function maskCardNumber(digits: string): string {
  return `**** **** **** ${digits.slice(-4)}`;
}

export interface CardEntry {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardEntry;

export type CheckedCard =
  | { ok: true; card: TestCard; digits: string; expire: string }
  | { ok: false; errors: Partial<Record<CardField, string>> };

/** MM/YY (or MMYY, MM/YYYY) as YYMM, or null. */
export function parseExpiry(input: string): string | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  const year = m[2]!.slice(-2);
  return `${year}${String(month).padStart(2, '0')}`;
}

/** The field errors of the hosted page (English; cards/sandboxTexts.ts has the others). */
export const CARD_ENTRY_ERRORS = {
  numberInvalid: 'The card number is not valid.',
  numberNotTest: 'This sandbox accepts only the test cards listed below.',
  expiryFormat: 'Enter the expiry date as MM/YY.',
  cardExpired: 'The card has expired.',
  cvc: 'Enter the 3 or 4 digits on the back of the card.',
} as const;

/**
 * What the hosted page checks before the card goes anywhere: a known test card with a
 * valid check digit, an expiry not in the past (a card works through its expiry month)
 * and a 3- or 4-digit CVC.
 */
export function checkCardEntry(entry: CardEntry, today: Date): CheckedCard {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = entry.number.replace(/[\s-]/g, '');
  const card = TEST_CARDS.find((c) => c.number === digits);
  if (!luhnValid(digits)) errors.number = CARD_ENTRY_ERRORS.numberInvalid;
  else if (!card) errors.number = CARD_ENTRY_ERRORS.numberNotTest;

  const expire = parseExpiry(entry.expiry);
  const thisMonth = `${String(today.getUTCFullYear()).slice(-2)}${String(today.getUTCMonth() + 1).padStart(2, '0')}`;
  if (!expire) errors.expiry = CARD_ENTRY_ERRORS.expiryFormat;
  else if (expire < thisMonth) errors.expiry = CARD_ENTRY_ERRORS.cardExpired;

  if (!/^\d{3,4}$/.test(entry.cvc.trim())) errors.cvc = CARD_ENTRY_ERRORS.cvc;

  if (card && expire && Object.keys(errors).length === 0) return { ok: true, card, digits, expire };
  return { ok: false, errors };
}

/** Why the sandbox page takes no card for a checkout (its English texts, both sandboxes). */
export const SANDBOX_CLOSED = {
  unknown: 'This checkout does not exist.',
  completed: 'This checkout is already completed (error 168).',
  expired: 'This checkout has expired (error 169). Please start again from the member portal.',
} as const;

/** The closed reason of a checkout, or null while the page may take a card. */
export function sandboxClosedReason(
  checkout: { status: string; expiresAt: Date } | undefined,
  now: Date,
): string | null {
  if (!checkout) return SANDBOX_CLOSED.unknown;
  if (checkout.status !== 'open') return SANDBOX_CLOSED.completed;
  if (checkout.expiresAt <= now) return SANDBOX_CLOSED.expired;
  return null;
}
