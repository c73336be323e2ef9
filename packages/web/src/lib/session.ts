import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/** Why the member is signed out, so the login page can say so. */
export type SignOutReason = 'signed_out' | 'expired';

interface SessionState {
  token: string | null;
  reason: SignOutReason | null;
}

let state: SessionState = { token: readStorage(STORAGE_KEYS.token), reason: null };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const session = {
  get token(): string | null {
    return state.token;
  },
  get reason(): SignOutReason | null {
    return state.reason;
  },
  signIn(token: string) {
    writeStorage(STORAGE_KEYS.token, token);
    set({ token, reason: null });
  },
  clear(reason: SignOutReason = 'signed_out') {
    writeStorage(STORAGE_KEYS.token, null);
    if (state.token !== null || state.reason !== reason) set({ token: null, reason });
  },
  /** Re-reads storage (tests, other tabs). */
  reload() {
    set({ token: readStorage(STORAGE_KEYS.token), reason: null });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot(): SessionState {
    return state;
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.snapshot, session.snapshot);
}

/**
 * Start-up steps (docs/portal-screens.md): a token arriving as `access_token` is stored and
 * removed from the address; a previously registered service worker is unregistered.
 */
export function captureAccessToken(win: Window = window): void {
  const url = new URL(win.location.href);
  const token = url.searchParams.get('access_token');
  if (token === null) return;
  url.searchParams.delete('access_token');
  if (token.trim() !== '') session.signIn(token.trim());
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export async function unregisterServiceWorkers(nav: Navigator = navigator): Promise<void> {
  if (!('serviceWorker' in nav)) return;
  try {
    const registrations = await nav.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
  } catch {
    // nothing to clean up
  }
}
