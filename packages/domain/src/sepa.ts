import { electronicFormatIBAN, isSEPACountry, validateIBAN } from 'ibantools';
import { addDays, type IsoDate } from './dates.ts';

/*
 * SEPA direct debit's rules (docs/payments.md "SEPA direct debit", ADR 040): the IBAN and
 * account holder a mandate takes, how IBANs are shown, the mandate reference, and when the
 * next debit is due.
 */

/** The payment methods an operator may offer (operator catalogue, `paymentMethods`). */
export type PaymentMethodKind = 'card' | 'sepa_direct_debit';

export type SepaIbanCheck =
  | { ok: true; iban: string; country: string }
  | { ok: false; reason: 'invalid' | 'not_sepa' };

/**
 * An IBAN as a member types it (spaces, lower case allowed): its country's length and the
 * mod-97 check digits, and a country in the SEPA scheme.
 */
export function checkSepaIban(input: string): SepaIbanCheck {
  const iban = electronicFormatIBAN(input.replace(/\s+/g, '')) ?? '';
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban) || !validateIBAN(iban).valid) {
    return { ok: false, reason: 'invalid' };
  }
  const country = iban.slice(0, 2);
  if (!isSEPACountry(country)) return { ok: false, reason: 'not_sepa' };
  return { ok: true, iban, country };
}

/**
 * The only form an IBAN leaves the server in: country code and check digits, then the last
 * four characters ("DE89 •••• 3000"). Answers, e-mails, events, logs and the data export
 * show this; the full IBAN stays in the mandate row for the debit file.
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 4)} •••• ${compact.slice(-4)}`;
}

/** The SEPA (Latin) character set every text of a debit must keep to. */
const SEPA_CHARS = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

const TRANSLITERATION: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  æ: 'ae',
  Æ: 'Ae',
  ø: 'oe',
  Ø: 'Oe',
  å: 'aa',
  Å: 'Aa',
  '&': '+',
};

/**
 * The account holder as the debit file carries it: 2 to 70 characters of the SEPA set.
 * Letters a bank writes differently are written as German and Nordic banks do (ü → ue,
 * ø → oe, é → e); anything else outside the set (digits aside from the set's, emoji,
 * other scripts) makes it null, and so does a length outside 2–70 after trimming.
 */
export function sepaAccountHolder(input: string): string | null {
  const spaced = input.trim().replace(/\s+/g, ' ');
  const mapped = [...spaced].map((ch) => TRANSLITERATION[ch] ?? ch).join('');
  const plain = mapped.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (!SEPA_CHARS.test(plain)) return null;
  if (plain.length < 2 || plain.length > 70) return null;
  if (!/[A-Za-z]/.test(plain)) return null;
  return plain;
}

/** True when `value` is at most `max` characters of the SEPA set (mandate reference, ids). */
export function isSepaText(value: string, max: number): boolean {
  return value.length > 0 && value.length <= max && SEPA_CHARS.test(value);
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new mandate reference: `<OPERATOR>-<signature date>-<12 random characters>`, 26
 * characters of the SEPA set (at most 35 are allowed). The unique index per operator is the
 * last guard; the randomness makes a clash practically impossible.
 */
export function newMandateReference(operatorId: string, signedOn: IsoDate, random: Uint8Array): string {
  const tail = [...random.slice(0, 12)]
    .map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length])
    .join('');
  return `${operatorId.toUpperCase()}-${signedOn.replaceAll('-', '')}-${tail}`;
}

/**
 * Days between the pre-notification and the debit: the mandate text shortens the scheme's
 * 14 days to 5, as German clubs do, so a changed bank account is debited within a week.
 */
export const SEPA_PRE_NOTIFICATION_DAYS = 5;

/** The next weekday (Monday–Friday) on or after `date`: banks settle no debit on weekends. */
export function nextBankDay(date: IsoDate): IsoDate {
  let day = date;
  for (;;) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return day;
    day = addDays(day, 1);
  }
}

/** The first day a debit announced today may be collected: after the notice period, a bank day. */
export function firstSepaDebitDay(today: IsoDate): IsoDate {
  return nextBankDay(addDays(today, SEPA_PRE_NOTIFICATION_DAYS));
}

/**
 * The pre-notification of the next debit: open (declined) invoices queued by a mandate are
 * collected on the first bank day after the notice period; without any, the next scheduled
 * invoice on its own date (not before the notice period ends). Null when nothing is due.
 */
export function nextSepaDebit(
  today: IsoDate,
  queued: readonly { amount: number }[],
  nextScheduled: { invoice_date: IsoDate; amount: number } | null,
): { date: IsoDate; amount: number } | null {
  const earliest = firstSepaDebitDay(today);
  if (queued.length > 0) {
    return { date: earliest, amount: queued.reduce((sum, q) => sum + q.amount, 0) };
  }
  if (!nextScheduled) return null;
  const date = nextScheduled.invoice_date > earliest ? nextBankDay(nextScheduled.invoice_date) : earliest;
  return { date, amount: nextScheduled.amount };
}

/**
 * Return reasons of the SEPA rulebook a bank's return file names (pain.002 / camt.054), with
 * their meaning for the event log; members read the portal's own texts.
 */
export const SEPA_RETURN_REASONS: Record<string, string> = {
  AC01: 'account identifier incorrect',
  AC04: 'account closed',
  AC06: 'account blocked',
  AC13: 'debtor account is a consumer account',
  AG01: 'transaction forbidden on this account',
  AG02: 'invalid operation code',
  AM04: 'insufficient funds',
  AM05: 'duplicate collection',
  BE05: 'unrecognised initiating party',
  CNOR: 'creditor bank not registered',
  DNOR: 'debtor bank not registered',
  FF01: 'invalid file format',
  MD01: 'no mandate',
  MD02: 'missing mandatory mandate information',
  MD06: 'refund requested by the debtor',
  MD07: 'debtor deceased',
  MS02: 'refused by the debtor',
  MS03: 'reason not specified',
  RC01: 'bank identifier incorrect',
  RR01: 'missing debtor account or identification',
  RR02: 'missing debtor name or address',
  RR03: 'missing creditor name or address',
  RR04: 'regulatory reason',
  SL01: 'specific service offered by the debtor bank',
};

export function sepaReturnReasonText(code: string): string {
  return SEPA_RETURN_REASONS[code] ?? 'unknown reason';
}
