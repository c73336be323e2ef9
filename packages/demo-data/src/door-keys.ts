import { operatorSeeds } from './seed-data.ts';

// The seeded clubs' door keys (docs/workouts-referral-contact.md), derived by the server's
// door keyring (modules/workouts/door-keys.ts), which the demo runs too.

/** Public on purpose: demo keys are as known as the demo password and never work in production. */
export const DEMO_DOOR_KEY_SECRET = 'member-portal demo door keys';

/** The key text from the club id and the base64url HMAC-SHA256 of the id under DEMO_DOOR_KEY_SECRET. */
export const demoDoorKeyText = (clubId: string, macBase64url: string) =>
  `door-demo-${clubId}-${macBase64url.slice(0, 12)}`;

/** Every seeded club that is not closed for good: the clubs with a demo key. */
export const demoDoorClubIds = (): string[] =>
  Object.values(operatorSeeds).flatMap((seed) => seed.clubs.filter((c) => !c.closedOn).map((c) => c.id));
