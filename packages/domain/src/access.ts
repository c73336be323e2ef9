import type { Key } from '@portal/contract';

/**
 * The keys a member sees (spec section 3): every access chip (rfid) and, of the PINs,
 * only the newest by valid_from.
 */
export function visibleKeys(keys: readonly Key[]): Key[] {
  const chips = keys.filter((k) => k.type === 'rfid');
  const newestPin = keys
    .filter((k) => k.type === 'pin')
    .reduce<Key | null>(
      (newest, k) => (newest === null || k.valid_from > newest.valid_from ? k : newest),
      null,
    );
  return newestPin ? [...chips, newestPin] : chips;
}

/** The PIN block on home shows unless the member has a key of type rfid (spec section 2). */
export function showsPinBlock(keys: readonly Key[]): boolean {
  return !keys.some((k) => k.type === 'rfid');
}
