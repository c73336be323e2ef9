import { DEMO_PASSWORD } from './data/seed-data.ts';
import { DEMO_PASSWORD_HASH } from './data/seed.ts';

/*
 * The demo's passwords. A persona signs in with DEMO_PASSWORD as seeded (the members row
 * holds the marker DEMO_PASSWORD_HASH, no hash: there is no hashing library in the browser
 * and nothing to protect, the tab's memory is the member's own). Once the member changes
 * their password in the demo, the row holds `changed in the demo: <password>`, and that
 * one is the password until the demo is reset. The sign-in handler checks with
 * demoPasswordMatches too, so a changed password is the one that signs in.
 */
const CHANGED = 'changed in the demo: ';

export function demoPasswordMatches(row: { passwordHash: string }, typed: string): boolean {
  if (row.passwordHash.startsWith(CHANGED)) return typed === row.passwordHash.slice(CHANGED.length);
  return row.passwordHash === DEMO_PASSWORD_HASH && typed === DEMO_PASSWORD;
}

/** The passwordHash value that makes `password` the member's password in the demo. */
export const demoPasswordValue = (password: string): string => `${CHANGED}${password}`;
