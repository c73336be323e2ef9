import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button.tsx';

/** The way back from the card and refund pages and their results: the payment page. */
export function BackToPayment({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation();
  return (
    <ButtonLink to="/payment" variant={variant}>
      {t('payments.backToPayment')}
    </ButtonLink>
  );
}
