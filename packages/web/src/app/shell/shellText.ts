// The status line lives in lib so the membership overview shows the same text as the bar.
export { type StatusTone, statusLineText, statusTone } from '../../lib/statusText.ts';

const SUB_PAGES = new Set([
  'payment-method-updated',
  'credit-card',
  'invoices',
  'refund',
  'health-insurance',
  'freeze',
  'cancel_freeze',
  'reactivate',
  'activate_chip',
  'lost_chip',
  'forgotten_chip',
  'profile',
  'consents',
  'cancellation',
  'withdraw',
  'club',
  'password',
  'devices',
  'data',
]);

/** The catalogue key of the page title for a path inside the shell. */
export function pageTitleKey(pathname: string): string {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (!first) return 'pages.home';
  // The classes' texts live under their own key (docs/classes.md).
  if (first === 'classes') return 'classes.menu';
  if (first === 'payment') return second && SUB_PAGES.has(second) ? `pages.${second}` : 'pages.payment';
  if (first === 'membership') {
    if (!second) return 'pages.membership';
    return SUB_PAGES.has(second) ? `pages.${second}` : 'pages.fallback';
  }
  if (['offers', 'pt', 'contact', 'referral', 'invoice', 'accessibility', 'cancel-contract'].includes(first))
    return `pages.${first}`;
  return 'pages.fallback';
}
