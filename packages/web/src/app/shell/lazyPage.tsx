import {
  type ComponentProps,
  type ComponentType,
  isValidElement,
  lazy,
  type ReactNode,
  useEffect,
} from 'react';
import { createRoutesFromChildren, matchRoutes, Routes, useLocation } from 'react-router';
import { loadLaterTexts } from '../../lib/i18n.ts';

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound: a component of any props.
type AnyComponent = ComponentType<any>;

export type LazyPage<C extends AnyComponent> = ComponentType<ComponentProps<C>> & {
  /** Starts loading the page's chunk (once); React renders it without waiting when it is in. */
  preload(): Promise<unknown>;
};

/** A page's chunk that did not arrive (the server gone, the connection lost). */
export class PageLoadError extends Error {
  override name = 'PageLoadError';
  constructor(
    readonly page: string,
    override readonly cause: unknown,
  ) {
    super(`${page}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** How each page whose chunk failed to load starts afresh (its React.lazy keeps the failure). */
const failedPages = new Set<() => void>();

/**
 * Lets every page whose chunk failed to load try again when it is next rendered: the page
 * area's error boundary calls it when it opens and on its retry (docs/portal-screens.md).
 */
export function retryFailedPages(): void {
  for (const forget of failedPages) forget();
  failedPages.clear();
}

/**
 * A page of the signed-in app as a chunk of its own, loaded the first time its route is
 * shown: signing in loads the shell and home, not every screen. A failed download shows
 * the page area's error (the shell stays) and is tried again on its retry or the next
 * time the page is opened.
 */
export function lazyPage<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K]> {
  let loading: Promise<M> | null = null;
  const makeLazy = () => lazy(async () => ({ default: (await preload())[name] }));
  // React.lazy keeps a rejection for good: after a failure the page gets a fresh one.
  let current = makeLazy();
  const forget = () => {
    current = makeLazy();
  };
  const preload = () => {
    // The page's chunk and the texts only pages other than home use, side by side.
    loading ??= Promise.all([load(), loadLaterTexts()])
      .then(([page]) => page)
      .catch((error: unknown) => {
        loading = null;
        failedPages.add(forget);
        throw new PageLoadError(String(name), error);
      });
    return loading;
  };
  function Page(props: ComponentProps<M[K]>) {
    const Current = current;
    return <Current {...props} />;
  }
  return Object.assign(Page, { preload });
}

/** Preloads every lazy page among an element and its children (a guard wraps its page). */
function preloadPages(node: ReactNode): void {
  if (Array.isArray(node)) {
    for (const child of node) preloadPages(child);
    return;
  }
  if (!isValidElement(node)) return;
  const { preload } = node.type as { preload?: () => Promise<unknown> };
  if (typeof preload === 'function') preload().catch(() => {}); // rendering it reports the failure
  preloadPages((node.props as { children?: ReactNode }).children);
}

/**
 * <Routes> that also starts loading the page of the address being opened at once, so its
 * chunk arrives while the shell still waits for the membership (the shell shows a page only
 * with the membership in, and a lazy page would only then start loading).
 */
export function PreloadingRoutes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    // In a task of its own, not with the shell's other effects (the data requests): adding a
    // page's preload links (a score of scripts and style sheets) takes several milliseconds.
    const timer = setTimeout(() => {
      for (const match of matchRoutes(createRoutesFromChildren(children), pathname) ?? []) {
        preloadPages(match.route.element);
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [children, pathname]);
  return <Routes>{children}</Routes>;
}
