import { CARD_ALREADY_EXISTS_MESSAGE, CARD_REGISTERED_MESSAGE } from '@portal/contract';
import { configure, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import type { FakeRequest } from '../../../test/fakeFetch.ts';
import { refusal, renderMemberPage } from '../../../test/memberPage.tsx';
import { setupI18n } from '../../../test/render.tsx';
import { PaymentPage } from '../PaymentPage.tsx';
import { type FakeAnswer, withCard } from '../testData.ts';

beforeAll(async () => {
  await setupI18n('en-DE');
  // As in main.tsx: effects run twice on mount, and the return must still be posted once.
  configure({ reactStrictMode: true });
});

afterAll(() => {
  configure({ reactStrictMode: false });
});

beforeEach(() => {
  session.signIn('tok');
});

const REGISTER = 'POST /api/v1/membership/verifone_credit_card';
const RETURN = '/payment/payment-method-updated?checkout=ck-1&status=ok&sig=abc%2B1';

function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{`${pathname}${search}`}</p>;
}

function render(answer: FakeAnswer | undefined, route = RETURN) {
  return renderMemberPage(
    <>
      <PaymentPage withBanner />
      <Address />
    </>,
    {
      path: '/payment/payment-method-updated',
      route,
      membership: withCard(),
      routes: {
        'GET /api/v1/membership/invoices': { body: [] },
        'GET /api/v1/membership/invoices/next': { body: { invoice_date: '2026-12-01', amount: 2990 } },
        'GET /api/v1/membership/invoices/refundable': { body: [] },
        ...(answer ? { [REGISTER]: answer } : {}),
      },
    },
  );
}

const posts = (requests: FakeRequest[]) => requests.filter((r) => r.url.endsWith('/verifone_credit_card'));

describe('card update banner', () => {
  it('posts every parameter plus location_id once, strips them from the address and shows success', async () => {
    const { requests } = render({ body: { message: CARD_REGISTERED_MESSAGE, outcome: 'success' } });
    const banner = screen.getByRole('status', { name: 'Card update' });
    expect(banner).toHaveTextContent('Confirming your card…');
    expect(await screen.findByText('Your card has been registered')).toBeInTheDocument();
    expect(banner).toHaveTextContent('Your membership fees are now charged to this card.');
    expect(posts(requests)).toHaveLength(1);
    expect(posts(requests)[0]?.body).toEqual({
      checkout: 'ck-1',
      status: 'ok',
      sig: 'abc+1',
      location_id: 'loc-1',
    });
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/payment\/payment-method-updated$/);
    // The invoices (and with them the payment alert) are loaded again after the change.
    await waitFor(() => {
      const posted = requests.findIndex((r) => r.url.endsWith('/verifone_credit_card'));
      const reloaded = requests.findLastIndex((r) => r.method === 'GET' && r.url.endsWith('/invoices'));
      expect(reloaded).toBeGreaterThan(posted);
    });
    expect(posts(requests)).toHaveLength(1);
  });

  it('treats "already exists" as success, worded as already registered', async () => {
    render({ body: { message: CARD_ALREADY_EXISTS_MESSAGE } });
    expect(await screen.findByText('This card is already registered')).toBeInTheDocument();
    expect(screen.getByText('Your membership fees are still charged to this card.')).toBeInTheDocument();
  });

  it('treats the outcome "exists" as already registered too', async () => {
    render({ body: { message: 'ok', outcome: 'exists' } });
    expect(await screen.findByText('This card is already registered')).toBeInTheDocument();
  });

  it('shows the failure with the reason and a way to try again', async () => {
    render(refusal('card_declined'));
    expect(await screen.findByText('Your card could not be registered')).toBeInTheDocument();
    expect(
      screen.getByText('The card was declined. Please try another card or contact your bank.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try updating your card again' })).toHaveAttribute(
      'href',
      '/payment/credit-card',
    );
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/payment\/payment-method-updated$/);
  });

  it('shows the general failure text for any other non-OK answer', async () => {
    render({ status: 500, body: { status: 500, errors: [] } });
    expect(
      await screen.findByText(
        'Something went wrong while registering your card. Your card on file is unchanged.',
      ),
    ).toBeInTheDocument();
  });

  it('says which retried invoices were paid and which are still unpaid', async () => {
    render({
      body: {
        message: CARD_REGISTERED_MESSAGE,
        outcome: 'success',
        retried_invoices: [
          { id: 'a', invoice_number: 'DE-2026-000011', status: 'charged' },
          { id: 'b', invoice_number: 'DE-2026-000012', status: 'declined' },
        ],
      },
    });
    expect(
      await screen.findByText('Invoice DE-2026-000011 has been charged to the card and is now paid.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Invoice DE-2026-000012 could not be charged to the card and is still unpaid.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please contact your bank, or register another card, to pay the unpaid invoice.'),
    ).toBeInTheDocument();
  });

  it('shows no banner and posts nothing without provider parameters', async () => {
    const { requests } = render(undefined, '/payment/payment-method-updated');
    await screen.findByRole('region', { name: 'Invoices' });
    expect(screen.getByRole('status', { name: 'Card update' })).toBeEmptyDOMElement();
    expect(posts(requests)).toHaveLength(0);
  });
});
