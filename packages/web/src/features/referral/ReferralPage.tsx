import type { Referral, ReferralPromotion } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useLoadedMembership } from '../../lib/membership.ts';
import { MultilineText } from './MultilineText.tsx';
import { currentReferralQuery } from './queries.ts';
import styles from './Referral.module.css';
import { ShareCode } from './ShareCode.tsx';
import { referralTerms, termLines } from './terms.ts';
import { EmptyState } from '../../components/EmptyState.tsx';

/**
 * /referral: the operator's current promotion with the member's code to pass on, or a
 * page saying there is no offer now. The route guard keeps out the statuses without one.
 */
export function ReferralPage() {
  const { t } = useTranslation();
  const membership = useLoadedMembership();
  const promotion = useQuery(currentReferralQuery());
  if (promotion.isPending) return <Loading label={t('referral.loading')} />;
  if (promotion.isError)
    return <ErrorState error={promotion.error} onRetry={() => void promotion.refetch()} />;
  if (promotion.data?.status !== 'active') return <NoOffer />;
  const name = membership.referral?.name ?? promotion.data.name;
  return (
    <>
      <Offer name={name} referral={membership.referral} promotion={promotion.data} />
      <ShareCode code={membership.referral_code} offerName={name} />
    </>
  );
}

function Offer({
  name,
  referral,
  promotion,
}: {
  name: string;
  referral: Referral | null;
  promotion: ReferralPromotion;
}) {
  const { t, i18n } = useTranslation();
  const termsId = useId();
  const percent = (value: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
  const lines = termLines(referralTerms(referral, promotion), percent);
  return (
    <Card accent>
      <p className={styles.eyebrow}>{t('referral.eyebrow')}</p>
      <h2 className={styles.offerName}>{name}</h2>
      <p className={styles.presentation}>
        {referral?.presentation ? <MultilineText text={referral.presentation} /> : t('referral.intro')}
      </p>
      {lines.length > 0 && (
        <section aria-labelledby={termsId} className={styles.terms}>
          <h3 id={termsId} className={styles.termsTitle}>
            {t('referral.terms.title')}
          </h3>
          <ul className={styles.termList}>
            {lines.map((line) => (
              <li key={line.key}>{t(line.key, line.values)}</li>
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}

/** No promotion now (404): said plainly, with the way home. */
function NoOffer() {
  const { t } = useTranslation();
  return (
    <Card>
      <EmptyState
        title={t('referral.none.title')}
        action={
          <ButtonLink to="/" variant="secondary">
            {t('common.goHome')}
          </ButtonLink>
        }
      >
        <p>{t('referral.none.body')}</p>
      </EmptyState>
    </Card>
  );
}
