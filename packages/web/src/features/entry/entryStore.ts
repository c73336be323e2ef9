import { del, get, set } from 'idb-keyval';

/**
 * The phone's entry device (docs/access-and-pins.md, "Phone entry"): its id and the secret
 * it was given once, kept in IndexedDB so the code is computed on the phone, offline.
 * One a browser and operator (a shared phone signs out, the device stays until removed).
 */
export interface StoredEntryDevice {
  deviceId: string;
  secret: string;
  name: string;
}

const keyOf = (operator: string) => `portal.entry.${operator}`;

export async function readEntryDevice(operator: string): Promise<StoredEntryDevice | null> {
  try {
    return ((await get(keyOf(operator))) as StoredEntryDevice | undefined) ?? null;
  } catch {
    return null; // IndexedDB refused (private mode): no phone entry in this browser
  }
}

export const storeEntryDevice = (operator: string, device: StoredEntryDevice) => set(keyOf(operator), device);

export const forgetEntryDevice = (operator: string) => del(keyOf(operator));
