import type { PaymentMethod } from '@portal/contract';
import { formatCardExpiry } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useLoadedMembership } from '../../../lib/membership.ts';
import { Section } from '../Section.tsx';
import styles from './Card.module.css';
import { UpdateCardLink } from './UpdateCardLink.tsx';

/** Brand, masked number and expiry (MM/20YY) of a card, as one line a screen reader reads whole. */
export function CardSummary({ card }: { card: PaymentMethod }) {
  const { t } = useTranslation();
  return (
    <div className={styles.summary}>
      <svg className={styles.cardIcon} viewBox="0 0 40 28" aria-hidden="true" focusable="false">
        <rect
          x="1"
          y="1"
          width="38"
          height="26"
          rx="4"
          fill="var(--color-brand-soft)"
          stroke="var(--color-brand)"
        />
        <rect x="1" y="7" width="38" height="5" fill="var(--color-brand)" />
        <rect x="6" y="18" width="12" height="3" rx="1.5" fill="var(--color-brand)" />
      </svg>
      <div className={styles.summaryText}>
        <p className={styles.brand}>
          {card.brand} <span className={styles.details}>{card.details}</span>
        </p>
        {card.expire && (
          <p className={styles.expiry}>
            {t('payments.card.expires', { expiry: formatCardExpiry(card.expire) })}
          </p>
        )}
      </div>
    </div>
  );
}

/** The card block of /payment: the card on file (or none) and the way to update it. */
export function CardBlock() {
  const { t } = useTranslation();
  const { current_payment_method: card } = useLoadedMembership();
  return (
    <Section
      title={t('payments.card.title')}
      footer={<UpdateCardLink variant={card ? 'secondary' : 'primary'} />}
    >
      {card ? <CardSummary card={card} /> : <p className={styles.none}>{t('payments.card.none')}</p>}
    </Section>
  );
}
