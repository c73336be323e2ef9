import type { DoorKeySettings } from '../../settings.ts';
import { ApiError, unauthorized } from '../../http/errors.ts';
import { hmacSha256Base64url, randomBase64url, sha256Hex } from '../../platform/crypto.ts';
import { DEMO_DOOR_KEY_SECRET, demoDoorClubIds, demoDoorKeyText } from '@portal/demo-data';
import { DOOR_KEY_REQUIRED } from '@portal/domain';

/** How a key is kept: its sha256, so neither the configuration nor a memory dump holds a usable key. */
export const hashDoorKey = (key: string) => sha256Hex(key);

/** A new club key: 32 random bytes, base64url. */
export const newDoorKey = () => `door_${randomBase64url(32)}`;

/** The demo key of a seeded club: stable across restarts, so npm start can print it each time. */
export function demoDoorKey(clubId: string): string {
  return demoDoorKeyText(clubId, hmacSha256Base64url(DEMO_DOOR_KEY_SECRET, clubId));
}

/** Every seeded club that is not closed for good, with its demo key. */
export function demoDoorKeys(): { clubId: string; key: string }[] {
  return demoDoorClubIds().map((clubId) => ({ clubId, key: demoDoorKey(clubId) }));
}

/** 503: no club has a door key configured here (DOOR_KEYS). */
export const doorCheckInsUnavailable = () =>
  new ApiError(503, [
    {
      type: 'door_check_ins_unavailable',
      message: 'Check-ins are not configured on this server: no club has a door key (DOOR_KEYS).',
    },
  ]);

const BEARER = /^Bearer +(\S{1,512}) *$/i;

/** Which club a request's `Authorization: Bearer <club key>` names, from the hashes of the accepted keys. */
export function createDoorKeyring(settings: DoorKeySettings) {
  const clubOf = new Map<string, string>();
  if (settings.demo) for (const { clubId, key } of demoDoorKeys()) clubOf.set(hashDoorKey(key), clubId);
  for (const [clubId, hashes] of Object.entries(settings.hashes)) {
    for (const hash of hashes) clubOf.set(hash, clubId);
  }

  // No key at all (production without DOOR_KEYS): nothing could ever authenticate, so the
  // endpoint says it is not configured rather than that the key is wrong.
  const configured = clubOf.size > 0;

  const resolve = (authorization: string | undefined): string | null => {
    const match = BEARER.exec(authorization ?? '');
    return match ? (clubOf.get(hashDoorKey(match[1]!)) ?? null) : null;
  };

  return {
    resolve,
    /** The endpoint's credential check: the club whose key the Authorization header carries, or 401. */
    authenticate(authorization: string | undefined): string {
      if (!configured) throw doorCheckInsUnavailable();
      const clubId = resolve(authorization);
      if (!clubId) throw unauthorized(DOOR_KEY_REQUIRED);
      return clubId;
    },
  };
}

export type DoorKeyring = ReturnType<typeof createDoorKeyring>;
