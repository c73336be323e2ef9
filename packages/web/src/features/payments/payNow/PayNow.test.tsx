import type { Invoice } from '@portal/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { invoiceFixture } from '../../../test/fixtures.ts';
import { refusal, renderMemberPage } from '../../../test/memberPage.tsx';
import { setupI18n } from '../../../test/render.tsx';
import { openCheckout } from '../card/browser.ts';
import { PaymentPage } from '../PaymentPage.tsx';
import { type FakeAnswer, withCard } from '../testData.ts';
import { InvoicePaidPage } from './InvoicePaidPage.tsx';

vi.mock('../card/browser.ts', () => ({ openCheckout: vi.fn() }));

beforeAll(async () => {
  await setupI18n('en-DE');
  // As in main.tsx: effects run twice on mount, and the return must still be posted once.
  configure({ reactStrictMode: true });
});
afterAll(() => configure({ reactStrictMode: false }));
beforeEach(() => {
  session.signIn('tok');
  vi.mocked(openCheckout).mockClear();
});

const open: Invoice = invoiceFixture({
  id: 'inv-nov',
  invoice_number: 'DE-2026-000111',
  status: 'declined',
  amount: 3500,
  period: { from: '2026-11-01', to: '2026-11-30' },
});
const paid: Invoice = { ...open, status: 'charged' };
const common = (invoices: Invoice[]) => ({
  'GET /api/v1/membership/invoices': { body: invoices },
  'GET /api/v1/membership/invoices/next': { body: { invoice_date: '2026-12-01', amount: 2990 } },
  'GET /api/v1/membership/invoices/refundable': { body: [] },
});

function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{`${pathname}${search}`}</p>;
}

describe('paying an open invoice now', () => {
  it('offers "Pay now" per open invoice and opens the provider’s page for it', async () => {
    const { requests } = renderMemberPage(<PaymentPage />, {
      path: '/payment',
      membership: withCard(),
      routes: {
        ...common([open]),
        'POST /api/v1/membership/invoices/inv-nov/pay': { body: { url: 'https://verifone.example/pay/1' } },
      },
    });
    const notice = await screen.findByRole('region', { name: 'Payment outstanding' });
    const button = within(notice).getByRole('button', { name: 'Pay now: invoice DE-2026-000111, €35.00' });
    await userEvent.click(button);
    await waitFor(() => expect(openCheckout).toHaveBeenCalledWith('https://verifone.example/pay/1'));
    expect(requests.filter((r) => r.url.endsWith('/invoices/inv-nov/pay'))).toHaveLength(1);
  });

  it('says why when the page cannot be opened', async () => {
    renderMemberPage(<PaymentPage />, {
      path: '/payment',
      membership: withCard(),
      routes: {
        ...common([open]),
        'POST /api/v1/membership/invoices/inv-nov/pay': refusal('invoice_not_payable'),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Pay now/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invoice is not open any more: it is already paid or not yet due.',
    );
    expect(openCheckout).not.toHaveBeenCalled();
  });

  function paidPage(answer: FakeAnswer, invoices: Invoice[]) {
    return renderMemberPage(
      <>
        <InvoicePaidPage />
        <Address />
      </>,
      {
        path: '/payment/invoices/:id/paid',
        route: '/payment/invoices/inv-nov/paid?checkout_id=c-1&signature=ab%2B1',
        membership: withCard(),
        routes: { ...common(invoices), 'POST /api/v1/membership/invoices/inv-nov/pay/return': answer },
      },
    );
  }

  it('posts the return once, takes it off the address and says the invoice is paid', async () => {
    const { requests } = paidPage(
      {
        body: {
          message: 'Invoice DE-2026-000111 is paid.',
          invoice: { id: 'inv-nov', invoice_number: 'DE-2026-000111', status: 'charged' },
        },
      },
      [paid],
    );
    const banner = screen.getByRole('status', { name: 'Payment of the invoice' });
    await waitFor(() => expect(banner).toHaveTextContent('Thank you: the invoice is paid'));
    expect(banner).toHaveTextContent('Invoice DE-2026-000111 is paid.');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/payment\/invoices\/inv-nov\/paid$/);
    const posts = requests.filter((r) => r.url.endsWith('/pay/return'));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ checkout_id: 'c-1', signature: 'ab+1' });
    expect(screen.queryByRole('region', { name: 'Payment outstanding' })).toBeNull();
  });

  it('says a declined payment leaves the invoice open, with the way back', async () => {
    paidPage(refusal('card_declined'), [open]);
    const banner = screen.getByRole('status', { name: 'Payment of the invoice' });
    await waitFor(() => expect(banner).toHaveTextContent('The invoice is not paid'));
    expect(banner).toHaveTextContent('The payment was not accepted. Please try again with another card.');
    expect(within(banner).getByRole('link', { name: 'Back to the payment page' })).toHaveAttribute(
      'href',
      '/payment',
    );
  });
});
