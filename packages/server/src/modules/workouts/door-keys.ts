import type { DoorKeySettings } from '../../settings.ts';
import { ApiError, unauthorized } from '../../http/errors.ts';
import { randomBase64url, sha256Hex } from '../../platform/crypto.ts';
import { DOOR_KEY_REQUIRED } from '@portal/domain';

/** How a key is kept: its sha256, so neither the configuration nor a memory dump holds a usable key. */
export const hashDoorKey = (key: string) => sha256Hex(key);

/** A new club key: 32 random bytes, base64url. */
export const newDoorKey = () => `door_${randomBase64url(32)}`;

/** A club's key in the clear (the demo clubs' keys, demo-door-keys.ts). */
export interface ClubKey {
  clubId: string;
  key: string;
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

/**
 * Which club a request's `Authorization: Bearer <club key>` names, from the hashes of the
 * accepted keys; with `settings.demo`, also the demo clubs' keys the caller passes (outside
 * production only, so that production never loads them: docs/operations.md).
 */
export function createDoorKeyring(settings: DoorKeySettings, demoKeys: readonly ClubKey[] = []) {
  const clubOf = new Map<string, string>();
  if (settings.demo) for (const { clubId, key } of demoKeys) clubOf.set(hashDoorKey(key), clubId);
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
