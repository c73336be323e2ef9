import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { CopyButton, FeedbackText, useFeedback } from '../../components/CopyButton.tsx';
import { canShare, share } from '../../lib/clipboard.ts';
import { useOperator } from '../../lib/operator.ts';
import styles from './Referral.module.css';
import { Share } from 'lucide';
import { Icon } from '../../components/Icon.tsx';

/** The member's code, large, with one tap to copy it and one to pass on an invitation. */
export function ShareCode({ code, offerName }: { code: string | null; offerName: string }) {
  const { t } = useTranslation();
  const id = useId();
  if (!code) return <NoCode />;
  return (
    <section aria-labelledby={id}>
      <Card className={styles.codeCard}>
        <h2 id={id} className={styles.label}>
          {t('referral.code.title')}
        </h2>
        <p className={styles.code} translate="no">
          {code}
        </p>
        <p className={styles.hint}>{t('referral.code.hint')}</p>
        <div className={styles.actions}>
          <CopyButton
            text={code}
            label={t('referral.code.copy')}
            copiedText={t('referral.code.copied')}
            variant="primary"
          />
          <ShareInvitation code={code} title={offerName} />
        </div>
      </Card>
    </section>
  );
}

/**
 * The invitation with the code: the device's share sheet where it has one (phones), else
 * copied to paste into a message.
 */
function ShareInvitation({ code, title }: { code: string; title: string }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const [feedback, show] = useFeedback();
  const text = t('referral.invitation', { brand: operator.brand, code });
  const data = { title, text };
  if (!canShare(data))
    return (
      <CopyButton
        text={text}
        label={t('referral.code.copyInvitation')}
        copiedText={t('referral.code.invitationCopied')}
      />
    );
  const onShare = async () => {
    if ((await share(data)) === 'failed') show({ tone: 'error', text: t('referral.code.shareFailed') });
  };
  return (
    <span>
      <Button variant="secondary" onClick={() => void onShare()}>
        <span className={styles.buttonLabel}>
          <ShareIcon />
          {t('referral.code.share')}
        </span>
      </Button>
      <FeedbackText feedback={feedback} />
    </span>
  );
}

function ShareIcon() {
  return <Icon node={Share} size={18} />;
}

/** A member of a referral status whose code has not been issued yet. */
function NoCode() {
  const { t } = useTranslation();
  return (
    <Card>
      <h2 className={styles.label}>{t('referral.code.title')}</h2>
      <p>{t('referral.code.none')}</p>
      <ButtonLink to="/contact" variant="secondary">
        {t('referral.code.contact')}
      </ButtonLink>
    </Card>
  );
}
