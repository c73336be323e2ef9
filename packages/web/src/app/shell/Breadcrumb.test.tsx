import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWith, setupI18n } from '../../test/render.tsx';
import { Breadcrumb, crumbsFor } from './Breadcrumb.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

const label = (s: string) => s;

describe('breadcrumb rules', () => {
  it('is absent on home and on menu pages', () => {
    expect(crumbsFor('/', label)).toBeNull();
    expect(crumbsFor('/payment', label)).toBeNull();
    // The payment page with the banner of an invoice paid now: no crumb names the invoice's id.
    expect(crumbsFor('/payment/invoices/inv-1/paid', label)).toBeNull();
  });
  it('shows the segments of a sub page with links to each level above the current page', () => {
    expect(crumbsFor('/membership/freeze', label)).toEqual([
      { label: 'membership', href: '/membership' },
      { label: 'freeze', href: null },
    ]);
  });
  it('leaves out tips, missing-out-on and confirm; the flow is then the current page, not a link back', () => {
    expect(crumbsFor('/membership/cancellation/missing-out-on', label)).toEqual([
      { label: 'membership', href: '/membership' },
      { label: 'cancellation', href: null },
    ]);
    expect(crumbsFor('/membership/cancellation/confirm', label)?.map((c) => c.href)).toEqual([
      '/membership',
      null,
    ]);
  });
  it('names a step of the cancellation by its flow, and the flow entry only redirects (no link)', () => {
    expect(crumbsFor('/membership/cancellation/freeze', (s, parent) => `${parent}/${s}`)).toEqual([
      { label: 'undefined/membership', href: '/membership' },
      { label: 'membership/cancellation', href: null },
      { label: 'cancellation/freeze', href: null },
    ]);
  });
  it('is hidden on pt-package', () => {
    expect(crumbsFor('/offers/pt-package', label)).toBeNull();
  });
  it('gives the refund one crumb that leads to the refund page (its id), never back to payment', () => {
    expect(crumbsFor('/payment/refund/7e4948b9-bf49', label)).toEqual([
      { label: 'payment', href: '/payment' },
      { label: 'refund', href: null },
    ]);
    renderWith(<Breadcrumb />, { route: '/payment/refund/7e4948b9-bf49/bank' });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toHaveTextContent(/^PaymentRefund of closed daysBank account$/);
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Payment', '/payment'],
      ['Refund of closed days', '/payment/refund/7e4948b9-bf49'],
    ]);
    expect(screen.getByText('Bank account')).toHaveAttribute('aria-current', 'page');
  });
  it('in a cancellation step, the last crumb names the current page, not a link to the start', () => {
    renderWith(<Breadcrumb />, { route: '/membership/cancellation/tips' });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toHaveTextContent(/^MembershipCancel membership$/);
    expect(screen.getByText('Cancel membership')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Cancel membership' })).toBeNull();
  });
  it('names the freeze offer in the cancellation as an alternative (not the freeze page)', async () => {
    renderWith(<Breadcrumb />, { route: '/membership/cancellation/freeze' });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      /^MembershipCancel membershipAlternative: freeze$/,
    );
    expect(screen.getByText('Alternative: freeze')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Cancel membership')).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/membership']);
    // The breadcrumb follows a language change (i18next's event re-renders it, so within act).
    await act(() => setupI18n('de-DE'));
    expect(screen.getByText('Alternative: Pause')).toHaveAttribute('aria-current', 'page');
    await act(() => setupI18n('en-DE'));
  });
  it('renders translated segment names and marks the current page', () => {
    renderWith(<Breadcrumb />, { route: '/membership/lost_chip' });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toHaveTextContent('Membership');
    expect(screen.getByRole('link', { name: 'Membership' })).toHaveAttribute('href', '/membership');
    expect(screen.getByText('Lost chip')).toHaveAttribute('aria-current', 'page');
  });
});
