import type { InvoiceStatus, MembershipStatus } from '@portal/contract';
import { unpaidInvoices } from './invoice.ts';
import { CLUB_CHANGE_STATUSES } from './club.ts';
import { CHIP_STATUSES } from './access.ts';
import { isCancelledStatus } from './status.ts';

export type MenuItem =
  | 'home'
  | 'classes'
  | 'payment'
  | 'referral'
  | 'offers'
  | 'pt'
  | 'membership'
  | 'contact';

const MENU_ORDER: readonly MenuItem[] = [
  'home',
  'classes',
  'payment',
  'referral',
  'offers',
  'pt',
  'membership',
  'contact',
];

/** Referral is hidden for in_trial, presale, the cancelled variants and stopped. */
export function hasReferral(status: MembershipStatus): boolean {
  return !(
    status === 'in_trial' ||
    status === 'presale' ||
    status === 'stopped' ||
    isCancelledStatus(status)
  );
}

/** The navigation menu (docs/portal-screens.md, "The shell"). */
export function menuItems(status: MembershipStatus, ptEnabled: boolean, classesEnabled = false): MenuItem[] {
  return MENU_ORDER.filter((item) => {
    if (item === 'offers' || item === 'pt') return ptEnabled;
    if (item === 'classes') return classesEnabled;
    if (item === 'referral') return hasReferral(status);
    return true;
  });
}

/** A payment alert shows while any invoice is unpaid (declined with a period, `unpaidInvoices`). */
export function hasPaymentAlert(invoices: readonly { status: InvoiceStatus; period: unknown }[]): boolean {
  return unpaidInvoices(invoices).length > 0;
}

/**
 * Which statuses may open a membership sub route (docs/portal-screens.md). `null` means no
 * restriction. Freeze and cancellation pages check their policies on top of this.
 */
export const membershipRouteStatuses: Readonly<Record<string, readonly MembershipStatus[] | null>> = {
  freeze: ['active', 'in_freeze'],
  cancel_freeze: ['active', 'in_freeze'],
  reactivate: ['in_cancellation'],
  activate_chip: CHIP_STATUSES,
  lost_chip: CHIP_STATUSES,
  club: CLUB_CHANGE_STATUSES,
  forgotten_chip: CHIP_STATUSES,
  profile: null,
  consents: null,
  password: null,
  data: null,
};

export function isMembershipRouteAllowed(page: string, status: MembershipStatus): boolean {
  const allowed = membershipRouteStatuses[page];
  return allowed == null || allowed.includes(status);
}

/** The overview's action button (docs/portal-screens.md). */
export function statusAction(
  status: MembershipStatus,
  hasScheduledFreeze: boolean,
): 'freeze' | 'manage_scheduled_freeze' | 'update_freeze' | 'reactivate' | null {
  if (status === 'active') return hasScheduledFreeze ? 'manage_scheduled_freeze' : 'freeze';
  if (status === 'in_freeze') return 'update_freeze';
  if (status === 'in_cancellation') return 'reactivate';
  return null;
}

/**
 * Breadcrumb segments: hidden on pt-package, and on the printable invoice, whose fixed
 * layout has its own way back to payment (its path holds only an id to name); tips,
 * missing-out-on and confirm left out; the payment page with the banner of an invoice paid
 * now is the payment page (its path holds an id too).
 */
export function breadcrumbSegments(pathname: string): string[] | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length < 1 || segments.includes('pt-package') || segments[0] === 'invoice') return null;
  // Paying an invoice now ends on the payment page with its banner (payment/invoices/<id>/paid).
  if (segments[0] === 'payment' && segments[1] === 'invoices' && segments[3] === 'paid') return ['payment'];
  return segments.filter((s) => s !== 'tips' && s !== 'missing-out-on' && s !== 'confirm');
}
