import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';
import styles from './ContactPage.module.css';

/**
 * An e-mail address that may wrap after "@" and before dots, never inside a word. (The link
 * carries the address as its label too, so no tool reads the break points as spaces.)
 */
function breakable(email: string) {
  return email.split(/(?=[@.])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={part} />, part]));
}

export function ContactPage() {
  const { t } = useTranslation();
  const membership = useLoadedMembership();
  const operator = useOperator();
  return (
    <>
      <p className={styles.intro}>{t('contact.intro')}</p>
      <div className={styles.grid}>
        <Card>
          <h2 className={styles.label}>{t('contact.numberLabel')}</h2>
          <p className={styles.number}>{membership.membership_number}</p>
          <p className={styles.hint}>{t('contact.numberHint')}</p>
        </Card>
        <Card>
          <h2 className={styles.label}>{t('contact.emailLabel')}</h2>
          <p className={styles.email}>
            <a href={`mailto:${operator.supportEmail}`} aria-label={operator.supportEmail}>
              {breakable(operator.supportEmail)}
            </a>
          </p>
          <h2 className={styles.label}>{t('contact.club')}</h2>
          <p>{membership.location.name}</p>
        </Card>
      </div>
    </>
  );
}
