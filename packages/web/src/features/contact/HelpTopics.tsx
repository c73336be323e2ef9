import { cancelLinkKind, isMembershipRouteAllowed } from '@portal/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../components/Card.tsx';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import styles from './ContactPage.module.css';

/**
 * The questions the portal answers itself, before anyone writes to support: only the
 * topics whose page the member's status opens (a freeze page that redirects answers nothing).
 */
export function HelpTopics() {
  const { t } = useTranslation();
  const { status } = useLoadedMembership();
  const operator = useOperator();
  const id = useId();
  const topics = [
    isMembershipRouteAllowed('freeze', status) && { key: 'freeze', to: '/membership/freeze' },
    cancelLinkKind(operator, status) !== null && { key: 'cancellation', to: '/membership/cancellation' },
    { key: 'payment', to: '/payment' },
  ].filter((topic) => topic !== false);
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className={styles.title}>
          {t('contact.topics.title')}
        </h2>
        <ul className={styles.topics}>
          {topics.map((topic) => (
            <li key={topic.key}>
              <Link to={topic.to} className={styles.topic}>
                <span className={styles.topicTitle}>{t(`contact.topics.${topic.key}.title`)}</span>
                <span className={styles.topicText}>{t(`contact.topics.${topic.key}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
