import { isHttpsUrl, isPortalRoute } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './Content.module.css';
import { ExternalIcon } from './ContentIcon.tsx';

/**
 * A content link: a portal route goes through the router, an https address opens in a new
 * tab without handing it this page (noopener, noreferrer), anything else is no link at all
 * (the server leaves such links out already; this is the second line).
 */
export function ContentLink({
  to,
  className,
  children,
}: {
  to: string | undefined;
  className?: string;
  children: string;
}) {
  const { t } = useTranslation();
  if (to && isPortalRoute(to))
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  if (to && isHttpsUrl(to)) {
    // The icon stays with the title's last word (words joined by no-break spaces count as
    // one): a browser may break before an inline picture even after a no-break space, so
    // the two go into one unbreakable piece.
    const cut = children.search(/ [^ ]*$/) + 1;
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" className={className}>
        {children.slice(0, cut)}
        <span className={styles.nowrap}>
          {children.slice(cut)}
          {'\u00a0'}
          <ExternalIcon />
        </span>
        <span className="visually-hidden"> {t('content.newTab')}</span>
      </a>
    );
  }
  return <>{children}</>;
}
