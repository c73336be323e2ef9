/**
 * localStorage keys of the portal. Reads and writes never throw (private mode, disabled
 * storage): the portal then simply forgets between visits.
 */
export const STORAGE_KEYS = {
  token: 'portal.token',
  locale: 'portal.locale',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: keep the value for this page only
  }
}
