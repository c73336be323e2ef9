import type { MembershipStatus } from '@portal/contract';
import { type MenuItem, menuItems } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { usePaymentAlert } from '../../lib/membership.ts';
import { MenuIcon } from './MenuIcon.tsx';
import styles from './MainMenu.module.css';

export const MENU_PATHS: Record<MenuItem, string> = {
  home: '/',
  classes: '/classes',
  payment: '/payment',
  referral: '/referral',
  offers: '/offers',
  pt: '/pt',
  membership: '/membership',
  contact: '/contact',
};

export interface MainMenuProps {
  id: string;
  status: MembershipStatus | undefined;
  ptEnabled: boolean;
  /** The operator offers group classes (docs/classes.md). */
  classesEnabled?: boolean;
  open: boolean;
  onNavigate: () => void;
}

/** The navigation menu (docs/portal-screens.md); on narrow screens a disclosure the top bar opens. */
export function MainMenu({ id, status, ptEnabled, classesEnabled = false, open, onNavigate }: MainMenuProps) {
  const { t } = useTranslation();
  const paymentAlert = usePaymentAlert();
  const items = status ? menuItems(status, ptEnabled, classesEnabled) : [];

  return (
    <nav id={id} aria-label={t('nav.label')} className={styles.menu} data-open={open || undefined}>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <NavLink
              to={MENU_PATHS[item]}
              end={item === 'home'}
              className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
              onClick={onNavigate}
            >
              <MenuIcon item={item} />
              <span className={styles.text}>{t(item === 'classes' ? 'classes.menu' : `nav.${item}`)}</span>
              {item === 'payment' && paymentAlert && (
                <span className={styles.alert} title={t('nav.paymentRequired')}>
                  <span aria-hidden="true">!</span>
                  <span className="visually-hidden">{t('nav.paymentRequired')}</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
