import { type BankAccount, parseBankAccount } from '@portal/domain';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';

export interface BankAccountValues {
  account: string;
}

/**
 * The manual refund's account number, checked with the domain's parseBankAccount (the same
 * check the server makes): an IBAN, or in Norway also the 11-digit account number.
 */
export function bankAccountSchema(country: string, t: TFunction) {
  return z.object({ account: z.string() }).check(
    z.superRefine(({ account }, ctx) => {
      if (account.trim() === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['account'],
          message: t('payments.refundBank.errors.required'),
        });
      } else if (!parseBankAccount(account, country)) {
        ctx.addIssue({ code: 'custom', path: ['account'], message: accountText(country, t, 'invalid') });
      }
    }),
  );
}

/** The account's parsed, electronic form (no spaces) that is sent; only called on valid input. */
export function bankAccountNumber(values: BankAccountValues, country: string): string {
  const parsed: BankAccount | null = parseBankAccount(values.account, country);
  if (!parsed) throw new Error('bankAccountNumber is called with an invalid account');
  return parsed.account;
}

/**
 * A text about the account that names the forms accepted in the operator's country (an
 * IBAN example of that country; Norway adds its own account number). The catalogue holds
 * one per country, with a default for any other.
 */
export function accountText(country: string, t: TFunction, kind: 'hint' | 'invalid'): string {
  return t([`payments.refundBank.${kind}.${country}`, `payments.refundBank.${kind}.default`]);
}
