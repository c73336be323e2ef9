import { screen } from '@testing-library/react';
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
  });
  it('shows the segments of a sub page with links to each level', () => {
    expect(crumbsFor('/membership/freeze', label)).toEqual([
      { label: 'membership', href: '/membership' },
      { label: 'freeze', href: '/membership/freeze' },
    ]);
  });
  it('leaves out tips, missing-out-on and confirm', () => {
    expect(crumbsFor('/membership/cancellation/missing-out-on', label)?.map((c) => c.label)).toEqual([
      'membership',
      'cancellation',
    ]);
    expect(crumbsFor('/membership/cancellation/confirm', label)?.map((c) => c.href)).toEqual([
      '/membership',
      '/membership/cancellation',
    ]);
  });
  it('is hidden on pt-package', () => {
    expect(crumbsFor('/offers/pt-package', label)).toBeNull();
  });
  it('names an id by its parent where the catalogue has a name for it', () => {
    renderWith(<Breadcrumb />, { route: '/payment/refund/7e4948b9-bf49/bank' });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toHaveTextContent('PaymentRefund of closed daysInvoiceBank account');
    expect(screen.getByRole('link', { name: 'Invoice' })).toHaveAttribute(
      'href',
      '/payment/refund/7e4948b9-bf49',
    );
  });
  it('renders translated segment names and marks the current page', () => {
    renderWith(<Breadcrumb />, { route: '/membership/lost_chip' });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toHaveTextContent('Membership');
    expect(screen.getByRole('link', { name: 'Membership' })).toHaveAttribute('href', '/membership');
    expect(screen.getByText('Lost chip')).toHaveAttribute('aria-current', 'page');
  });
});
