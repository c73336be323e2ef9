import { useSyncExternalStore } from 'react';

/** The global 'not implemented' banner (a 404 with errors names the URL; docs/portal-screens.md). */
let notImplementedUrl: string | null = null;
const listeners = new Set<() => void>();

export const notices = {
  notImplemented(url: string) {
    notImplementedUrl = url;
    for (const l of listeners) l();
  },
  dismiss() {
    notImplementedUrl = null;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => notImplementedUrl,
};

export function useNotImplementedUrl(): string | null {
  return useSyncExternalStore(notices.subscribe, notices.snapshot, notices.snapshot);
}
