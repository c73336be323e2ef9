import { DEMO_PASSWORD } from './data/seed-data.ts';

/*
 * The demo's passwords. A member of the demo signs in with DEMO_PASSWORD as seeded; the
 * members row holds no real hash (no hashing library in the browser, and nothing to
 * protect: the tab's memory is the member's own). Once the member changes their password
 * in the demo, the row's passwordHash holds it as `demo:<password>`, and from then on that
 * one is the password (until the demo is reset). The sign-in handler checks with
 * demoPasswordMatches too.
 */
const CHANGED = 'demo:';

export function demoPasswordMatches(row: { passwordHash: string }, typed: string): boolean {
  const changed = row.passwordHash.startsWith(CHANGED) ? row.passwordHash.slice(CHANGED.length) : null;
  return typed === (changed ?? DEMO_PASSWORD);
}

/** The passwordHash value that makes `password` the member's password in the demo. */
export const demoPasswordValue = (password: string): string => `${CHANGED}${password}`;
