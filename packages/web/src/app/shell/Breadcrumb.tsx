import { breadcrumbSegments } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import styles from './Breadcrumb.module.css';

export interface Crumb {
  label: string;
  href: string;
}

/**
 * Breadcrumb items for a path (spec section 2, rules in domain breadcrumbSegments): only on
 * sub pages, none on pt-package; tips, missing-out-on and confirm left out. Each item links
 * to the path up to its segment; the last one is the current page.
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
  for (const segment of shown) {
    const index = all.indexOf(segment, from);
    from = index + 1;
    crumbs.push({ label: label(segment, all[index - 1]), href: `/${all.slice(0, index + 1).join('/')}` });
  }
  return crumbs;
}

export function Breadcrumb() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  // A page's name; an id (e.g. /payment/refund/<invoice id>) may be named by its parent instead.
  const crumbs = crumbsFor(pathname, (segment, parent) => {
    if (i18n.exists(`pages.${segment}`) && segment !== 'fallback') return t(`pages.${segment}`);
    if (parent && i18n.exists(`breadcrumb.item.${parent}`)) return t(`breadcrumb.item.${parent}`);
    return decodeURIComponent(segment);
  });
  if (!crumbs) return null;
  return (
    <nav aria-label={t('breadcrumb.label')} className={styles.breadcrumb}>
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.href}>
            {i === crumbs.length - 1 && crumb.href === pathname.replace(/\/+$/, '') ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link to={crumb.href}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
