import type { Invoice, Membership } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notices } from '../../lib/notices.ts';
import { session } from '../../lib/session.ts';
import { invoiceFixture, membershipFixture } from '../../test/fixtures.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { InvoicesPage } from './InvoicesPage.tsx';
import { PaymentPage } from './PaymentPage.tsx';
import { monthlyInvoices, refundableItem, withCard } from './testData.ts';

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
});

afterEach(() => {
  notices.dismiss();
});

const NEXT = 'GET /api/v1/membership/invoices/next';

function render(
  membership: Membership = withCard(),
  { invoices = [] as Invoice[], routes = {} as Parameters<typeof renderMemberPage>[1]['routes'] } = {},
) {
  return renderMemberPage(<PaymentPage />, {
    path: '/payment',
    membership,
    routes: {
      'GET /api/v1/membership/invoices': { body: invoices },
      [NEXT]: { body: { invoice_date: '2026-12-01', amount: 2990 } },
      'GET /api/v1/membership/invoices/refundable': { body: [] },
      ...routes,
    },
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('card block', () => {
  it('shows brand, masked number and expiry as MM/20YY, and links to the card update', async () => {
    render();
    const card = section('Payment card');
    expect(within(card).getByText('Visa')).toBeInTheDocument();
    expect(within(card).getByText('•••• 4242')).toBeInTheDocument();
    expect(within(card).getByText('Expires 04/2028')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Update card' })).toHaveAttribute(
      'href',
      '/payment/credit-card',
    );
    expect(within(card).getByRole('link', { name: 'Update card' })).not.toHaveAttribute('aria-disabled');
  });

  it('says when no card is on file', () => {
    render(membershipFixture({ current_payment_method: null }));
    expect(
      within(section('Payment card')).getByText(
        'No card on file. Add a card so your membership fees can be charged.',
      ),
    ).toBeInTheDocument();
  });

  it('disables the update, says why and links to the profile when the mobile is invalid', async () => {
    const membership = withCard();
    membership.profile.mobile = { prefix: '0049', number: '1512345678' };
    render(membership);
    const card = section('Payment card');
    const link = within(card).getByRole('link', { name: 'Update card' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    expect(link).toHaveAccessibleDescription(
      'Invalid details found in personal information; update them to enable the card update. Update personal information',
    );
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/payment');
    expect(within(card).getByRole('link', { name: 'Update personal information' })).toHaveAttribute(
      'href',
      '/membership/profile',
    );
  });
});

describe('next payment', () => {
  it('shows the amount in the operator currency and the date', async () => {
    render();
    const next = section('Next payment');
    expect(await within(next).findByText('€29.90')).toBeInTheDocument();
    expect(within(next).getByText('Charged on 1 December 2026')).toBeInTheDocument();
  });

  it('takes a 404 calmly: no payment scheduled, no "not implemented" banner', async () => {
    render(withCard(), {
      routes: { [NEXT]: { status: 404, body: { status: 404, errors: [{ type: 'not_found' }] } } },
    });
    expect(
      await within(section('Next payment')).findByText('No payment is scheduled at the moment.'),
    ).toBeInTheDocument();
    expect(notices.snapshot()).toBeNull();
  });

  it('is not requested for an inactive status', async () => {
    const { requests } = render(withCard({ status: 'cancelled', end_date: '2026-10-31' }));
    expect(
      within(section('Next payment')).getByText(
        'Your membership has ended, so no further payments are scheduled.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/invoices'))).toBe(true));
    expect(requests.some((r) => r.url.includes('/invoices/next'))).toBe(false);
  });
});

describe('invoices', () => {
  const stamped = [
    invoiceFixture({ id: 'a', invoice_number: 'DE-1', status: 'charged' }),
    invoiceFixture({ id: 'b', invoice_number: 'DE-2', status: 'declined', amount: 3500 }),
    invoiceFixture({ id: 'c', invoice_number: 'DE-3', status: 'declined', period: null }),
    invoiceFixture({ id: 'd', invoice_number: 'DE-4', status: 'scheduled' }),
  ];

  it('stamps each invoice with text (paid, unpaid, failed, open) and links to it', async () => {
    render(withCard(), { invoices: stamped });
    const list = await within(section('Invoices')).findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('[data-stamp]')?.textContent)).toEqual([
      '✓Paid',
      '!Unpaid',
      '!Failed',
      '!Open',
    ]);
    expect(rows.map((row) => row.querySelector('[data-stamp]')?.getAttribute('data-stamp'))).toEqual([
      'paid',
      'unpaid',
      'failed',
      'open',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Invoice DE-2' })).toHaveAttribute(
      'href',
      '/invoice/b',
    );
    expect(rows[0]).toHaveTextContent('DE-11 Apr 2025 – 30 Apr 2025✓Paid€29.90');
    // Without a period (a one-off charge), the invoice date.
    expect(rows[2]).toHaveTextContent('DE-31 Apr 2025!Failed€29.90');
  });

  it('says what a personal-training package invoice is for: it has a date, no period', async () => {
    const pt = invoiceFixture({
      id: 'pt',
      invoice_number: 'DE-2026-27ACC861',
      invoice_date: '2026-11-03',
      period: null,
      amount: 29900,
      lines: [
        {
          amount: 29900,
          product_type: 'add_on_fee',
          product_id: 'purchase-1',
          system_concept: 'pt_package',
          human_concept: '5-session pack',
          period: null,
        },
      ],
    });
    render(withCard(), { invoices: [pt, stamped[0]!] });
    const rows = await within(section('Invoices')).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(
      'DE-2026-27ACC8613 Nov 2026Personal training: 5-session pack✓Paid€299.00',
    );
    // A membership invoice is said by its period alone.
    expect(rows[1]).toHaveTextContent('DE-11 Apr 2025 – 30 Apr 2025✓Paid€29.90');
  });

  it('shows the unpaid notice with what to do next only for declined invoices with a period', async () => {
    render(withCard(), { invoices: stamped });
    const notice = await screen.findByRole('region', { name: 'Payment outstanding' });
    expect(notice).toHaveTextContent('One invoice could not be charged to your card: €35.00 is outstanding.');
    expect(notice).toHaveTextContent(
      'Update your card: the outstanding invoices are then charged to the new card automatically.',
    );
    expect(within(notice).getByRole('link', { name: 'Update card' })).toHaveAttribute(
      'href',
      '/payment/credit-card',
    );
  });

  it('has no unpaid notice when everything is paid', async () => {
    render(withCard(), { invoices: [stamped[0]!, stamped[2]!] });
    await within(section('Invoices')).findByRole('list');
    expect(screen.queryByRole('region', { name: 'Payment outstanding' })).not.toBeInTheDocument();
  });

  it('shows the latest six and links to the previous ones', async () => {
    render(withCard(), { invoices: monthlyInvoices(12) });
    const invoices = section('Invoices');
    expect(await within(invoices).findAllByRole('listitem')).toHaveLength(6);
    expect(within(invoices).getByRole('link', { name: 'Previous invoices' })).toHaveAttribute(
      'href',
      '/payment/invoices',
    );
  });

  it('says when there are none yet', async () => {
    render(withCard(), { invoices: [] });
    expect(await screen.findByText('You have no invoices yet.')).toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    render(withCard(), {
      routes: { 'GET /api/v1/membership/invoices': { status: 500, body: { status: 500, errors: [] } } },
    });
    const alert = await within(section('Invoices')).findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists every invoice by year on /payment/invoices', async () => {
    const invoices = [
      ...monthlyInvoices(2),
      invoiceFixture({ id: 'old', invoice_number: 'DE-2024-1', invoice_date: '2024-12-01' }),
    ];
    renderMemberPage(<InvoicesPage />, {
      path: '/payment/invoices',
      membership: withCard(),
      routes: { 'GET /api/v1/membership/invoices': { body: invoices } },
    });
    expect(await screen.findByRole('region', { name: '2025' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '2024' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to payment' })).toHaveAttribute('href', '/payment');
  });
});

describe('refunds of closed days', () => {
  it('lists refundable invoices with both ways to refund', async () => {
    render(withCard(), {
      routes: { 'GET /api/v1/membership/invoices/refundable': { body: [refundableItem()] } },
    });
    const refunds = await screen.findByRole('region', { name: 'Refund of closed days' });
    expect(refunds).toHaveTextContent('10 Mar 2026 – 16 Mar 2026');
    expect(refunds).toHaveTextContent('7 of 31 paid days');
    expect(refunds).toHaveTextContent('€7.00');
    expect(refunds).toHaveTextContent('of €31.00 paid');
    expect(within(refunds).getByRole('link', { name: 'Refund to my card' })).toHaveAttribute(
      'href',
      '/payment/refund/inv-03',
    );
    expect(within(refunds).getByRole('link', { name: 'Refund to a bank account' })).toHaveAttribute(
      'href',
      '/payment/refund/inv-03/bank',
    );
    // What the member can act on comes before the record of invoices.
    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    expect(refunds.compareDocumentPosition(invoices) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is left out when nothing is refundable', async () => {
    const { requests } = render();
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/refundable'))).toBe(true));
    expect(screen.queryByRole('region', { name: 'Refund of closed days' })).not.toBeInTheDocument();
  });
});
