import { type AnchorHTMLAttributes, type ComponentType, createContext, use } from 'react';
import { pageHref } from '../lib/appAddress.ts';

export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the portal. */
  to: string;
  /** Replaces the current entry of the history (signed in; a signed-out link loads a page). */
  replace?: boolean;
}

/**
 * React Router's `Link` where the router is loaded (the signed-in app provides it), else
 * nothing: the signed-out pages load without the router (lib/appAddress.ts).
 */
export const RouterLinkContext = createContext<ComponentType<PageLinkProps> | null>(null);

/**
 * A link to another page of the portal, for what both sides show (the footer, `ButtonLink`,
 * the signed-out forms): the router's link signed in, a plain link signed out.
 */
export function PageLink({ to, replace, ...rest }: PageLinkProps) {
  const RouterLink = use(RouterLinkContext);
  if (RouterLink) return <RouterLink to={to} replace={replace} {...rest} />;
  return <a href={pageHref(to)} {...rest} />;
}
