import { DEMO_PASSWORD } from '@portal/demo-data';
import { DEMO_PASSWORD_HASH } from './data/seed.ts';

/*
 * The demo's stand-in for argon2 (ADR 024): the seeded members sign in with the public
 * DEMO_PASSWORD (their row holds the marker DEMO_PASSWORD_HASH); a password set in the demo
 * (reset link or password change) is kept as its sha256, never as typed, and from then on
 * it is the one that signs in, until the demo is reset.
 */

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const demoPasswordHash = async (password: string): Promise<string> =>
  `sha256:${await sha256(password)}`;

export async function demoPasswordMatches(stored: string, password: string): Promise<boolean> {
  if (stored === DEMO_PASSWORD_HASH) return password === DEMO_PASSWORD;
  // Set passwords are kept in their NFC form, as the server hashes them (domain passwordPolicy.ts).
  const nfc = password.normalize('NFC');
  return (
    stored === (await demoPasswordHash(nfc)) ||
    (nfc !== password && stored === (await demoPasswordHash(password)))
  );
}
