import { cardUpdateAllowed } from '@portal/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/Button.tsx';
import buttonStyles from '../../../components/Button.module.css';
import { useLoadedMembership } from '../../../lib/membership.ts';
import styles from './Card.module.css';

/** The card update is blocked while the profile's mobile is not valid. */
export function useCardUpdateAllowed(): boolean {
  return cardUpdateAllowed(useLoadedMembership().profile.mobile);
}

/** Why the card update is blocked, with the way to put the personal information right. */
export function InvalidDetailsMessage({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} className={styles.blocked}>
      <span className={styles.blockedIcon} aria-hidden="true">
        !
      </span>
      <span>
        {t('payments.card.blocked')} <Link to="/membership/profile">{t('payments.card.toProfile')}</Link>
      </span>
    </p>
  );
}

/**
 * "Update card": a link to /payment/credit-card, or, when the update is blocked, the link
 * shown disabled and described by the message that says why and what to do.
 */
export function UpdateCardLink({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation();
  const allowed = useCardUpdateAllowed();
  const messageId = useId();
  if (allowed) {
    return (
      <ButtonLink to="/payment/credit-card" variant={variant}>
        {t('payments.card.update')}
      </ButtonLink>
    );
  }
  return (
    <div className={styles.blockedWrap}>
      {/*
        Disabled, yet focusable, so keyboard and screen-reader users meet it with its reason
        (the message that describes it); following it does nothing.
      */}
      <Link
        to="/payment/credit-card"
        aria-disabled="true"
        aria-describedby={messageId}
        className={`${buttonStyles.button} ${buttonStyles[variant]} ${styles.disabledLink}`}
        onClick={(event) => event.preventDefault()}
      >
        {t('payments.card.update')}
      </Link>
      <InvalidDetailsMessage id={messageId} />
    </div>
  );
}
