import { BROWSER_KEYS } from '@portal/contract';

/**
 * localStorage keys of the portal. Reads and writes never throw (private mode, disabled
 * storage): the portal then simply forgets between visits. The demo build keeps them in
 * sessionStorage: its world, sign-in included, belongs to one tab (docs/demo.md).
 */
export const STORAGE_KEYS = {
  token: BROWSER_KEYS.tokenStorage,
  locale: BROWSER_KEYS.localeStorage,
  /**
   * The member's stored language as the last membership here said it: a signed-in page opens
   * in it (`initialLocale`). Not a choice: never sent to the server as one.
   */
  memberLocale: 'portal.memberLocale',
} as const;

const storage = (): Storage =>
  import.meta.env.MODE === 'demo' ? window.sessionStorage : window.localStorage;

export function readStorage(key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // storage unavailable: keep the value for this page only
  }
}
