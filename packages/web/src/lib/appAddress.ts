/**
 * Where the app's routes are, as full addresses for someone outside it (the card provider's
 * return addresses): `<origin>` before a route's path, or in the demo build, which routes by
 * the hash under whatever path it is served from, `<origin><path>#` (App.tsx's HashRouter).
 */
export function appBase(): string {
  const { origin, pathname } = window.location;
  return import.meta.env.MODE === 'demo' ? `${origin}${pathname}#` : origin;
}
