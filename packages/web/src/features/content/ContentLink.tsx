import { isHttpsUrl, isPortalRoute } from '@portal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (to && isPortalRoute(to))
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  if (to && isHttpsUrl(to))
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        <span className="visually-hidden"> {t('content.newTab')}</span> <ExternalIcon />
      </a>
    );
  return <>{children}</>;
}
