import type { Key, MembershipStatus } from '@portal/contract';
import { isCancelledStatus } from '@portal/domain';

/**
 * The keys the overview shows (spec section 3): every access chip (rfid) and, of the PINs,
 * only the newest by valid_from.
 */
export function shownKeys(keys: readonly Key[]): Key[] {
  const chips = keys.filter((k) => k.type === 'rfid');
  const newestPin = keys
    .filter((k) => k.type === 'pin')
    .reduce<Key | null>(
      (newest, k) => (newest === null || k.valid_from > newest.valid_from ? k : newest),
      null,
    );
  return newestPin ? [...chips, newestPin] : chips;
}

/** Catalogue key of a key's status: inactive on a PIN means it expired. */
export function keyStatusKey(key: Key): string {
  if (key.type === 'pin' && key.status === 'inactive') return 'membership.access.status.expired';
  return `membership.access.status.${key.status}`;
}

/**
 * The primary club can be changed except in presale, the cancelled variants and stopped
 * (spec section 5). The domain has no rule for it yet, so it lives here, next to its screen.
 */
export function canChangeClub(status: MembershipStatus): boolean {
  return !(status === 'presale' || status === 'stopped' || isCancelledStatus(status));
}
