import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useLoadedMembership } from '../../lib/membership.ts';
import { ClubCard, ServiceCard } from './ContactCards.tsx';
import styles from './ContactPage.module.css';
import { HelpTopics } from './HelpTopics.tsx';
import { contactQuery } from './queries.ts';

/**
 * /contact: the membership number to quote (from the membership, so it shows at once), the
 * operator's customer service and the member's club (GET /v1/contact), and the questions
 * the portal answers itself.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const contact = useQuery(contactQuery());
  return (
    <>
      <p className={styles.intro}>{t('contact.intro')}</p>
      <MembershipNumber />
      {contact.isPending ? (
        <Loading label={t('contact.loading')} skeleton />
      ) : contact.isError ? (
        <ErrorState error={contact.error} onRetry={() => void contact.refetch()} />
      ) : (
        <div className={styles.grid}>
          <ClubCard club={contact.data.club} />
          <ServiceCard operator={contact.data.operator} />
        </div>
      )}
      {/* After the contact details, not below their placeholder: the cards are taller and
          pushed the questions down when they came (docs/performance.md, "No layout shift"). */}
      {!contact.isPending && <HelpTopics />}
    </>
  );
}

function MembershipNumber() {
  const { t } = useTranslation();
  const { membership_number: number } = useLoadedMembership();
  return (
    <Card>
      <h2 className={styles.label}>{t('contact.numberLabel')}</h2>
      <div className={styles.numberRow}>
        <p className={styles.number} translate="no">
          {number}
        </p>
        <CopyButton text={number} label={t('contact.copyNumber')} copiedText={t('contact.numberCopied')} />
      </div>
      <p className={styles.hint}>{t('contact.numberHint')}</p>
    </Card>
  );
}
