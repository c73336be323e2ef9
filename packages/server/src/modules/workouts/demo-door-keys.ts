import { DEMO_DOOR_KEY_SECRET, demoDoorClubIds, demoDoorKeyText } from '@portal/demo-data';
import { hmacSha256Base64url } from '../../platform/crypto.ts';
import type { ClubKey } from './door-keys.ts';

// The demo clubs' door keys: never loaded in production (src/dev/outside-production.ts).

/** The demo key of a seeded club: stable across restarts, so npm start can print it each time. */
export function demoDoorKey(clubId: string): string {
  return demoDoorKeyText(clubId, hmacSha256Base64url(DEMO_DOOR_KEY_SECRET, clubId));
}

/** Every seeded club that is not closed for good, with its demo key. */
export function demoDoorKeys(): ClubKey[] {
  return demoDoorClubIds().map((clubId) => ({ clubId, key: demoDoorKey(clubId) }));
}
