import type { MembershipStatus } from '@portal/contract';
import { breadcrumbSegments } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import styles from './Breadcrumb.module.css';
import { pageSegmentKey } from './shellText.ts';

export interface Crumb {
  label: string;
  /** The path up to its segment; null when it is not a link (the current page, a flow's entry). */
  href: string | null;
}

/** Pages that only redirect into their first step: inside the flow they are no way back. */
const FLOW_ENTRIES = new Set(['cancellation']);

/**
 * Segments whose page is at their child, an id (/payment/refund/<invoice id>; /payment/refund
 * alone goes back to /payment): one crumb, named by the segment and leading to the id's page.
 */
const PAGE_AT_ID = new Set(['refund']);

/**
 * Breadcrumb items for a path (docs/portal-screens.md, rules in domain breadcrumbSegments): only on
 * sub pages, none on pt-package; tips, missing-out-on and confirm left out. Each item links
 * to the path up to its segment. The last one names the page the member is on (with a step
 * left out, the flow it belongs to) and is not a link.
 */
export function crumbsFor(
  pathname: string,
  label: (segment: string, parent: string | undefined) => string,
): Crumb[] | null {
  const shown = breadcrumbSegments(pathname);
  // Only sub pages (two or more segments) have one; a menu page is its own title.
  if (!shown || shown.length < 2) return null;
  const all = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  let from = 0;
  for (let i = 0; i < shown.length; i += 1) {
    const segment = shown[i]!;
    let index = all.indexOf(segment, from);
    const crumbLabel = label(segment, all[index - 1]);
    // A segment whose page is its id's: the id joins its crumb.
    if (PAGE_AT_ID.has(segment) && i + 1 < shown.length) {
      i += 1;
      index = all.indexOf(shown[i]!, index + 1);
    }
    from = index + 1;
    const linked = i < shown.length - 1 && !FLOW_ENTRIES.has(segment);
    crumbs.push({ label: crumbLabel, href: linked ? `/${all.slice(0, index + 1).join('/')}` : null });
  }
  return crumbs;
}

/** `status` names a page whose name follows the membership's state (`pageSegmentKey`). */
export function Breadcrumb({ status }: { status?: MembershipStatus }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  // A page's name; a step of a flow by the flow ("Alternative: freeze", not the freeze page);
  // an id (e.g. /payment/refund/<invoice id>) may be named by its parent instead.
  const crumbs = crumbsFor(pathname, (segment, parent) => {
    if (parent && i18n.exists(`breadcrumb.step.${parent}.${segment}`))
      return t(`breadcrumb.step.${parent}.${segment}`);
    if (i18n.exists(`pages.${segment}`) && segment !== 'fallback')
      return t(`pages.${pageSegmentKey(segment, status)}`);
    if (parent && i18n.exists(`breadcrumb.item.${parent}`)) return t(`breadcrumb.item.${parent}`);
    return decodeURIComponent(segment);
  });
  if (!crumbs) return null;
  return (
    <nav aria-label={t('breadcrumb.label')} className={styles.breadcrumb}>
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.label}>
            {crumb.href ? (
              <Link to={crumb.href}>{crumb.label}</Link>
            ) : (
              <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
