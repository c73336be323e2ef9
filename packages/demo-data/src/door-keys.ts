import { operatorSeeds } from './seed-data.ts';

// The seeded clubs' door keys (docs/workouts-referral-contact.md), derived the same way by
// the server (node:crypto, at start) and the demo (WebCrypto, in the browser).

/** Public on purpose: demo keys are as known as the demo password and never work in production. */
export const DEMO_DOOR_KEY_SECRET = 'member-portal demo door keys';

/** The key text from the club id and the base64url HMAC-SHA256 of the id under DEMO_DOOR_KEY_SECRET. */
export const demoDoorKeyText = (clubId: string, macBase64url: string) =>
  `door-demo-${clubId}-${macBase64url.slice(0, 12)}`;

/** Every seeded club that is not closed for good: the clubs with a demo key. */
export const demoDoorClubIds = (): string[] =>
  Object.values(operatorSeeds).flatMap((seed) => seed.clubs.filter((c) => !c.closedOn).map((c) => c.id));

const utf8 = new TextEncoder();

/** The demo key of a seeded club, with WebCrypto (the browser has no node:crypto). */
export async function demoDoorKey(clubId: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    utf8.encode(DEMO_DOOR_KEY_SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, utf8.encode(clubId)));
  let binary = '';
  for (const b of mac) binary += String.fromCharCode(b);
  return demoDoorKeyText(clubId, btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
}
