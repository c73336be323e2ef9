import { electronicFormatIBAN, isValidBBAN, isValidIBAN } from 'ibantools';

/*
 * The bank account of a manual refund (docs/payments.md). A module of its own because
 * ibantools' country table is most of its weight: the pages that take an account number
 * load it, the rest of payments' rules stay without it (docs/performance.md).
 */

/** A bank account a manual refund can be paid to, in its electronic form (no spaces). */
export type BankAccount =
  | { kind: 'iban'; account: string; country: string }
  | { kind: 'norwegian_account'; account: string; country: 'NO' };

/**
 * The account number of a manual refund: an IBAN (EU and Switzerland, any SEPA country),
 * or, for members in Norway, the 11-digit Norwegian account number with its mod-11 check
 * digit. Spaces, dots and dashes as people write them are ignored. Null when invalid.
 */
export function parseBankAccount(input: string, operatorCountry: string): BankAccount | null {
  const compact = input.replace(/[\s.-]/g, '').toUpperCase();
  if (/^[A-Z]{2}/.test(compact)) {
    const iban = electronicFormatIBAN(compact) ?? '';
    return isValidIBAN(iban) ? { kind: 'iban', account: iban, country: iban.slice(0, 2) } : null;
  }
  if (operatorCountry === 'NO' && /^\d{11}$/.test(compact) && isValidBBAN(compact, 'NO')) {
    return { kind: 'norwegian_account', account: compact, country: 'NO' };
  }
  return null;
}

/** Shown in answers, e-mails and the event log instead of the number: the last four characters. */
export function maskBankAccount(account: string): string {
  return `•••• ${account.slice(-4)}`;
}
