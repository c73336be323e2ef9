import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useLoadedMembership } from '../../lib/membership.ts';

/**
 * Amounts in the operator's currency and dates in the member's locale, the way every
 * payment screen shows them.
 */
export function usePaymentFormat() {
  const { t, i18n } = useTranslation();
  const { operator } = useLoadedMembership();
  const locale = i18n.language;
  return {
    money: (minorUnits: number) => formatMoney(minorUnits, operator.currency, locale),
    date: (isoDate: string) => formatDate(isoDate, locale),
    /** A date in a list beside periods: the periods' style, one date style within a list. */
    listDate: (isoDate: string) => formatDate(isoDate, locale, 'medium'),
    period: (period: { from: string; to: string }) =>
      t('payments.period', {
        from: formatDate(period.from, locale, 'medium'),
        to: formatDate(period.to, locale, 'medium'),
      }),
  };
}
