/** The page the app runs in, where there is one (the handlers run in its tab under MSW). */
export type PageLocation = { origin: string; pathname: string; hash: string };
export const pageLocation = () => (globalThis as { location?: PageLocation }).location;

/**
 * The portal's own addresses in the demo: the page's origin (in Node, where tests run, the
 * request's), and its routes, which are hash routes when the app routes by hash as the
 * static demo build does.
 */
export function demoPortal(request: Request, page: PageLocation | undefined = pageLocation()) {
  const origin = page?.origin ?? new URL(request.url).origin;
  const hashRouting = page?.hash.startsWith('#/') ?? false;
  const base = page ? `${page.origin}${page.pathname}` : origin;
  return {
    origins: new Set([origin, new URL(request.url).origin]),
    route: (path: string) => (hashRouting ? `${base}#${path}` : `${origin}${path}`),
  };
}
