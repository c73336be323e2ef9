import { showsPinBlock } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../components/Card.tsx';
import { Later } from '../../components/Later.tsx';
import { HomePinBlock } from '../../features/access/HomePinBlock.tsx';
import { HomeNextClass } from '../../features/classes/HomeNextClass.tsx';
import { OwnClubOccupancy } from '../../features/club/Occupancy.tsx';
import { EntryShortcut } from '../../features/entry/EntryShortcut.tsx';
import { ArticleTeasers } from '../../features/content/ArticleTeasers.tsx';
import { HomeHighlights } from '../../features/content/HomeHighlights.tsx';
import { HomeUnpaidNotice } from '../../features/payments/HomeUnpaidNotice.tsx';
import { HomePtOffers } from '../../features/pt/HomePtOffers.tsx';
import { WorkoutCounter } from '../../features/workouts/WorkoutCounter.tsx';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import { illustrationUrl } from '../../lib/theme.ts';
import styles from './HomePage.module.css';

/**
 * Home: the unpaid notice while an invoice is owed (first: it is what the member has to act
 * on), a welcome, the workout counter (first of the sections, as the home route lists them, and of a fixed
 * height, so highlights arriving later push nothing on screen down), the highlights, the
 * membership and club, the PIN
 * block, the PT package buy widget where the operator has PT (left out when the portal
 * refuses PT to this member), the shortcuts and the article teasers at the bottom. The
 * status is in the shell's status bar above every page.
 */
export function HomePage() {
  const { t } = useTranslation();
  const membership = useLoadedMembership();
  const operator = useOperator();
  return (
    <>
      <HomeUnpaidNotice />
      <section className={styles.hero} aria-labelledby="home-welcome">
        <div className={styles.heroText}>
          <h2 id="home-welcome" className={styles.welcome}>
            {t('home.welcome', { name: membership.profile.first_name })}
          </h2>
          <p className={styles.intro}>{t('home.intro')}</p>
        </div>
        {/* Decorative: the welcome says it all. Sized, so nothing moves when it arrives. */}
        <img
          className={styles.heroImage}
          src={illustrationUrl(operator.id, 'home')}
          alt=""
          width={480}
          height={240}
        />
      </section>
      <WorkoutCounter />
      <Later>
        <HomeSections />
      </Later>
    </>
  );
}

/** What home shows below the welcome and the workout counter. */
function HomeSections() {
  const { t } = useTranslation();
  const membership = useLoadedMembership();
  return (
    <>
      <HomeHighlights />
      <div className={styles.facts}>
        <Card>
          <h2 className={styles.label}>{t('home.product')}</h2>
          <p className={styles.value}>{membership.product.presentation.name}</p>
        </Card>
        <Card>
          <h2 className={styles.label}>{t('home.club')}</h2>
          <p className={styles.value}>{membership.location.name}</p>
        </Card>
      </div>
      <OwnClubOccupancy />
      {/* The PIN block offers the entry code itself; a chip holder gets it here. */}
      {!showsPinBlock(membership.keys) && (
        <Card>
          <h2 className={styles.label}>{t('entry.shortcut.title')}</h2>
          <EntryShortcut />
        </Card>
      )}
      <HomePinBlock>
        <EntryShortcut />
      </HomePinBlock>
      <HomeNextClass />
      <HomePtOffers />
      <section aria-labelledby="shortcuts">
        <h2 id="shortcuts" className={styles.shortcutsTitle}>
          {t('home.shortcuts')}
        </h2>
        <ul className={styles.shortcuts}>
          <li>
            <Link to="/membership">{t('pages.membership')}</Link>
          </li>
          <li>
            <Link to="/payment">{t('pages.payment')}</Link>
          </li>
          <li>
            <Link to="/contact">{t('pages.contact')}</Link>
          </li>
        </ul>
      </section>
      <ArticleTeasers />
    </>
  );
}
