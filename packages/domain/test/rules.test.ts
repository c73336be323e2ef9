import { describe, expect, it } from 'vitest';
import { operatorCatalogue, operatorIds } from '../src/operators/catalogue.ts';
import { formatCardExpiry, formatMoney } from '../src/money.ts';
import {
  breadcrumbSegments,
  hasPaymentAlert,
  isMembershipRouteAllowed,
  menuItems,
  statusAction,
} from '../src/navigation.ts';
import { vatRateOn } from '../src/vat.ts';
import { languageOf } from '../src/locale.ts';

describe('VAT', () => {
  it('takes the latest rate not after the invoice date', () => {
    const ch = operatorCatalogue.ch;
    expect(vatRateOn(ch, '2010-12-31')).toBe(7.6);
    expect(vatRateOn(ch, '2011-01-01')).toBe(8.0);
    expect(vatRateOn(ch, '2023-06-01')).toBe(7.7);
    expect(vatRateOn(ch, '2026-11-22')).toBe(8.1);
    expect(vatRateOn(operatorCatalogue.de, '2000-06-01')).toBe(10);
    expect(vatRateOn(operatorCatalogue.de, '2026-11-22')).toBe(19);
    expect(vatRateOn(operatorCatalogue.at, '2026-11-22')).toBe(20);
    expect(vatRateOn(operatorCatalogue.fi, '2026-11-22')).toBe(14);
  });
});

describe('money', () => {
  it('formats minor units in the locale and currency', () => {
    expect(formatMoney(4900, 'EUR', 'de-DE')).toBe('49,00\u00a0€');
    expect(formatMoney(4900, 'EUR', 'en-DE')).toBe('€49.00');
    expect(formatMoney(20000, 'NOK', 'nb-NO')).toMatch(/200,00\s?kr/);
    expect(formatCardExpiry('2908')).toBe('08/2029');
  });
});

describe('menu and routes', () => {
  it('shows PT items only with the PT feature and hides referral for inactive and pre-start statuses', () => {
    expect(menuItems('active', true)).toEqual([
      'home',
      'payment',
      'referral',
      'offers',
      'pt',
      'membership',
      'contact',
    ]);
    expect(menuItems('active', false)).toEqual(['home', 'payment', 'referral', 'membership', 'contact']);
    for (const s of [
      'in_trial',
      'presale',
      'cancelled',
      'cancelled_in_trial',
      'cancelled_in_presale',
      'stopped',
    ] as const) {
      expect(menuItems(s, false)).not.toContain('referral');
    }
    expect(menuItems('in_freeze', false)).toContain('referral');
    expect(menuItems('in_cancellation', false)).toContain('referral');
  });

  it('raises the payment alert only for a declined invoice with a period', () => {
    expect(hasPaymentAlert([{ status: 'declined', period: null }])).toBe(false);
    expect(hasPaymentAlert([{ status: 'charged', period: { from: 'a', to: 'b' } }])).toBe(false);
    expect(hasPaymentAlert([{ status: 'declined', period: { from: 'a', to: 'b' } }])).toBe(true);
  });

  it('guards membership sub routes by status', () => {
    expect(isMembershipRouteAllowed('reactivate', 'in_cancellation')).toBe(true);
    expect(isMembershipRouteAllowed('reactivate', 'active')).toBe(false);
    expect(isMembershipRouteAllowed('cancel_freeze', 'in_trial')).toBe(false);
    expect(isMembershipRouteAllowed('lost_chip', 'cancelled')).toBe(false);
    expect(isMembershipRouteAllowed('profile', 'stopped')).toBe(true);
  });

  it('picks the status action button', () => {
    expect(statusAction('active', false)).toBe('freeze');
    expect(statusAction('active', true)).toBe('manage_scheduled_freeze');
    expect(statusAction('in_freeze', false)).toBe('update_freeze');
    expect(statusAction('in_cancellation', false)).toBe('reactivate');
    expect(statusAction('cancelled', false)).toBeNull();
  });

  it('leaves tips, missing-out-on and confirm out of the breadcrumb and hides it for pt-package', () => {
    expect(breadcrumbSegments('/membership/cancellation/tips')).toEqual(['membership', 'cancellation']);
    expect(breadcrumbSegments('/membership/cancellation/confirm')).toEqual(['membership', 'cancellation']);
    expect(breadcrumbSegments('/offers/pt-package/3')).toBeNull();
    expect(breadcrumbSegments('/membership/freeze')).toEqual(['membership', 'freeze']);
  });

  it('hides the breadcrumb on the printable invoice, which would name only its id', () => {
    expect(breadcrumbSegments('/invoice/1284e4a5-0c1d-4f7e-9a51-3b2f0e6c7d88')).toBeNull();
    expect(breadcrumbSegments('/payment/invoices')).toEqual(['payment', 'invoices']);
  });
});

describe('operator catalogue', () => {
  it('has the five operators with a default locale each', () => {
    expect(operatorIds.sort()).toEqual(['at', 'ch', 'de', 'fi', 'no']);
    expect(operatorCatalogue.de.locales[0]).toBe('en-DE');
    expect(operatorCatalogue.no.currency).toBe('NOK');
    expect(operatorCatalogue.ch.cancellationFlow).toBe('email');
    expect(operatorCatalogue.de.cancellationFlow).toBe('single_page');
  });

  it('maps locales to catalogues', () => {
    expect(languageOf('de-AT')).toBe('de');
    expect(languageOf('nb-NO')).toBe('nb');
    expect(languageOf('fr-CH')).toBe('fr');
    expect(languageOf('en-FI')).toBe('en');
  });
});
