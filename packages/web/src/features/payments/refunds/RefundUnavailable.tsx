import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card.tsx';
import { BackToPayment } from '../BackToPayment.tsx';

/** An item that is not (or no longer) refundable, e.g. refunded already, or another member's id. */
export function RefundUnavailable() {
  const { t } = useTranslation();
  return (
    <Card>
      <h2>{t('payments.refunds.unavailable.title')}</h2>
      <p>{t('payments.refunds.unavailable.text')}</p>
      <BackToPayment />
    </Card>
  );
}
