import type { Profile } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { formatDate } from '../../lib/format.ts';
import { useOperator } from '../../lib/operator.ts';
import styles from './Profile.module.css';
import { SupportText } from './SupportText.tsx';

/** Name, birthdate and gender: shown, never sent (docs/profile-and-phone.md). */
export function AboutYou({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const id = useId();
  const notStated = t('profile.about.notStated');
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('profile.about.title')}
        </h2>
        <dl className={styles.facts}>
          <dt>{t('profile.about.name')}</dt>
          <dd>{`${profile.first_name} ${profile.last_name}`}</dd>
          <dt>{t('profile.about.birthdate')}</dt>
          <dd>{profile.birthdate ? formatDate(profile.birthdate, i18n.language) : notStated}</dd>
          <dt>{t('profile.about.gender')}</dt>
          <dd>{profile.gender ? t(`profile.about.genders.${profile.gender}`) : notStated}</dd>
        </dl>
        <p className={styles.muted}>
          <SupportText i18nKey="profile.about.viaSupport" email={operator.supportEmail} />
        </p>
      </Card>
    </section>
  );
}
