import { z } from 'zod/mini';

/**
 * Wallet passes (our design, ADR 043): the membership card for Apple Wallet and Google
 * Wallet, whose barcode carries a static wallet code the door accepts like a chip.
 */

/** The Apple Wallet pass: a signed zip (application/vnd.apple.pkpass). */
export const AppleWalletPass = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'a pkpass file')
  .check(z.describe('the signed pass file (application/vnd.apple.pkpass)'));
export type AppleWalletPass = z.infer<typeof AppleWalletPass>;

/** The "Save to Google Wallet" link: https://pay.google.com/gp/v/save/<JWT>. */
export const GoogleWalletLink = z.object({
  url: z.string().check(z.startsWith('https://pay.google.com/gp/v/save/')),
});
export type GoogleWalletLink = z.infer<typeof GoogleWalletLink>;
