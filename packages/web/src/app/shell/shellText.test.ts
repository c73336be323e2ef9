import { beforeAll, describe, expect, it } from 'vitest';
import { membershipFixture } from '../../test/fixtures.ts';
import { setupI18n } from '../../test/render.tsx';
import { pageTitleKey, statusLineText } from './shellText.ts';

let t: Awaited<ReturnType<typeof setupI18n>>['t'];

beforeAll(async () => {
  t = (await setupI18n('en-DE')).t;
});

const line = (overrides: Parameters<typeof membershipFixture>[0]) =>
  statusLineText(membershipFixture(overrides), t, 'en-DE');

describe('status line', () => {
  it('active: since the begin date', () => {
    expect(line({ status: 'active', begin_date: '2025-03-01' })).toBe('Active since 1 March 2025');
  });
  it('active with a scheduled freeze: the display variant', () => {
    expect(
      line({
        status: 'active',
        scheduled_freeze: { id: 'f', begin_date: '2026-12-01', end_date: '2026-12-31', cancel_date: null },
      }),
    ).toBe('Active — freeze starts on 1 December 2026');
  });
  it('in_freeze: the activation date', () => {
    expect(line({ status: 'in_freeze', activates_on: '2026-12-01' })).toBe(
      'Frozen — reactivates on 1 December 2026',
    );
  });
  it('in_cancellation: the end date', () => {
    expect(line({ status: 'in_cancellation', end_date: '2026-12-31' })).toBe(
      'Cancelled — membership ends on 31 December 2026',
    );
  });
  it('in_trial and presale: activation on the begin date', () => {
    expect(line({ status: 'in_trial', begin_date: '2026-12-15' })).toBe(
      'Trial — activation on 15 December 2026',
    );
    expect(line({ status: 'presale', begin_date: '2027-01-01' })).toBe(
      'Presale — activation on 1 January 2027',
    );
  });
  it('cancelled: the end date', () => {
    expect(line({ status: 'cancelled', end_date: '2026-10-31' })).toBe('Membership ended on 31 October 2026');
  });
  it('cancelled before the begin date (presale, trial): the day, and that it never started', () => {
    expect(line({ status: 'cancelled_in_presale', begin_date: '2027-01-01', end_date: '2026-11-22' })).toBe(
      'Cancelled during presale on 22 November 2026 — the membership never started',
    );
    expect(line({ status: 'cancelled_in_trial', begin_date: '2026-12-01', end_date: '2026-11-22' })).toBe(
      'Cancelled during the trial on 22 November 2026 — the membership never started',
    );
  });
  it('stopped: the status alone', () => {
    expect(line({ status: 'stopped' })).toBe('Stopped');
  });
  it('formats the date in the member locale', async () => {
    const i18n = await setupI18n('de-DE');
    expect(statusLineText(membershipFixture({ begin_date: '2025-03-01' }), i18n.t, 'de-DE')).toBe(
      'Aktiv seit 1. März 2025',
    );
    expect(
      statusLineText(membershipFixture({ status: 'in_freeze', activates_on: '2026-12-01' }), i18n.t, 'nb-NO'),
    ).toContain('1. desember 2026');
    await setupI18n('en-DE');
  });
});

describe('page titles', () => {
  it('names every route of the shell', () => {
    expect(pageTitleKey('/')).toBe('pages.home');
    expect(pageTitleKey('/payment/credit-card')).toBe('pages.credit-card');
    expect(pageTitleKey('/payment/invoices/inv-1/paid')).toBe('pages.payment');
    expect(pageTitleKey('/membership')).toBe('pages.membership');
    expect(pageTitleKey('/membership/freeze')).toBe('pages.freeze');
    expect(pageTitleKey('/membership/cancellation/tips')).toBe('pages.cancellation');
    expect(pageTitleKey('/membership/terms')).toBe('pages.fallback');
    expect(pageTitleKey('/invoice/abc')).toBe('pages.invoice');
    expect(pageTitleKey('/accessibility')).toBe('pages.accessibility');
  });
});
