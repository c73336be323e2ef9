import { useSyncExternalStore } from 'react';

// Where the app's routes are. The demo build routes by the #fragment under whatever path it is
// served from (docs/demo.md): `#/password/reset`.
const IN_FRAGMENT = import.meta.env.MODE === 'demo';

/**
 * Where the app's routes are, as full addresses for someone outside it (the card provider's
 * return addresses): `<origin>` before a route's path, or in the demo build, which routes by
 * the hash under whatever path it is served from, `<origin><path>#` (SignedInApp.tsx's HashRouter).
 */
export function appBase(): string {
  const { origin, pathname } = window.location;
  return IN_FRAGMENT ? `${origin}${pathname}#` : origin;
}

// The address where React Router is not loaded: the signed-out pages, and the choice between
// them and the signed-in app (docs/performance.md, "The login without React Router"). The
// signed-out pages are documents of their own: a link between them loads the page, which the
// server sends prerendered, so it shows at once; in the demo build it changes the fragment.

const listeners = new Set<() => void>();

/** The path of the page: `/password/reset`, or in the demo build the fragment's `#/password/reset`. */
export function currentPath(): string {
  return IN_FRAGMENT ? fragmentPath() : location.pathname;
}

/**
 * The route in the address's #fragment, as the demo build keeps it (its hash router and its
 * extra pages, `demo/DemoRoot.tsx`): `#/membership?x=1` → `/membership`.
 */
export function fragmentPath(): string {
  return location.hash.replace(/^#/, '').split('?')[0] || '/';
}

/** The address's query: `?token=…`, in the demo build after the fragment's path. */
export function currentQuery(): URLSearchParams {
  if (IN_FRAGMENT) return new URLSearchParams(location.hash.split('?')[1] ?? '');
  return new URLSearchParams(location.search);
}

/** The `href` of a portal path. */
export function pageHref(path: string): string {
  return IN_FRAGMENT ? `#${path}` : path;
}

/** Replaces the address without loading a page (an unknown path becomes the login's). */
export function replacePath(path: string): void {
  history.replaceState(history.state, '', pageHref(path));
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` when the address changes without a page load: back, forward, the
 * fragment, `replacePath`.
 */
export function subscribeToAddress(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  window.addEventListener('hashchange', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
    window.removeEventListener('hashchange', listener);
  };
}

/**
 * The current path, rendered again when it changes (back, forward, a fragment link). `fixed`
 * is the path of a page rendered where there is no address: the prerendering at build time.
 */
export function usePath(fixed?: string): string {
  const path = useSyncExternalStore(subscribeToAddress, currentPath, () => fixed ?? currentPath());
  return fixed ?? path;
}
