import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { refusal, renderMemberPage } from '../../../test/memberPage.tsx';
import { setupI18n } from '../../../test/render.tsx';
import { norwegian, withCard } from '../testData.ts';
import { openCheckout } from './browser.ts';
import { CreditCardPage } from './CreditCardPage.tsx';

vi.mock('./browser.ts', () => ({ openCheckout: vi.fn() }));

beforeAll(async () => {
  await setupI18n('en-DE');
});

beforeEach(() => {
  session.signIn('tok');
  vi.mocked(openCheckout).mockClear();
});

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

const DIBS = 'GET /api/v1/membership/dibs_url';
const VERIFONE = 'GET /api/v1/membership/verifone_url';
const REGISTER = 'POST /api/v1/membership/verifone_credit_card';
const formCalls = (requests: { url: string }[]) =>
  requests.filter((r) => r.url.includes('dibs_url') || r.url.includes('verifone_url'));

describe('credit card page', () => {
  it('embeds the dibs form for an operator with dibs, asked for with the return addresses', async () => {
    const { requests } = renderMemberPage(<CreditCardPage />, {
      path: '/payment/credit-card',
      operator: 'no',
      membership: norwegian(),
      routes: { [DIBS]: { body: { url: `${window.location.origin}/api/dev/cards/dibs/c-1` } } },
    });
    const frame = await screen.findByTitle('Secure card form of our payment provider');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', `${window.location.origin}/api/dev/cards/dibs/c-1`);
    const query = new URL(formCalls(requests)[0]!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      cancel: `${window.location.origin}/payment/credit-card?cancelled=1`,
      success: `${window.location.origin}/payment/payment-method-updated`,
      locale: 'en-DE',
      location: 'loc-1',
    });
    expect(
      screen.queryByRole('button', { name: 'Continue to the secure card page' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText(/any outstanding invoices are charged to it automatically/)).toBeInTheDocument();
  });

  it('opens a dibs page on another origin (Nets Easy, the live adapter) in the same window instead of a frame', async () => {
    renderMemberPage(<CreditCardPage />, {
      path: '/payment/credit-card',
      operator: 'no',
      membership: norwegian(),
      routes: { [DIBS]: { body: { url: 'https://test.checkout.dibspayment.eu/hostedpaymentpage/?pid=1' } } },
    });
    const button = await screen.findByRole('button', { name: 'Continue to the secure card page' });
    expect(screen.queryByTitle('Secure card form of our payment provider')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(openCheckout).toHaveBeenCalledWith(
      'https://test.checkout.dibspayment.eu/hostedpaymentpage/?pid=1',
    );
  });

  it('opens the verifone checkout in the same window for an operator with verifone', async () => {
    renderMemberPage(<CreditCardPage />, {
      path: '/payment/credit-card',
      operator: 'de',
      membership: withCard(),
      routes: { [VERIFONE]: { body: { url: 'https://verifone.example/checkout/abc' } } },
    });
    const button = await screen.findByRole('button', { name: 'Continue to the secure card page' });
    expect(screen.queryByTitle('Secure card form of our payment provider')).not.toBeInTheDocument();
    expect(screen.getByText('Card on file')).toBeInTheDocument();
    expect(screen.getByText('Expires 04/2028')).toBeInTheDocument();
    await userEvent.click(button);
    expect(openCheckout).toHaveBeenCalledWith('https://verifone.example/checkout/abc');
  });

  it('is blocked with the invalid-details message while the profile holds invalid details', () => {
    const membership = withCard();
    membership.profile.mobile = { prefix: '+49', number: '0151-234' };
    const { requests } = renderMemberPage(<CreditCardPage />, {
      path: '/payment/credit-card',
      membership,
    });
    expect(
      screen.getByText(
        'Invalid details found in personal information; update them to enable the card update.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update personal information' })).toHaveAttribute(
      'href',
      '/membership/profile',
    );
    expect(formCalls(requests)).toHaveLength(0);
  });

  it('says a cancelled update left the card unchanged and offers to start again', async () => {
    const { requests } = renderMemberPage(
      <>
        <CreditCardPage />
        <Search />
      </>,
      {
        path: '/payment/credit-card',
        route: '/payment/credit-card?cancelled=1&orderid=o-1&status=CANCELLED&MAC=ab12',
        membership: withCard(),
        routes: {
          [VERIFONE]: { body: { url: 'https://verifone.example/checkout/abc' } },
          [REGISTER]: { status: 422, body: { status: 422, errors: [{ type: 'card_update_cancelled' }] } },
        },
      },
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Card update cancelled, your card on file is unchanged.',
    );
    expect(formCalls(requests)).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^\?cancelled=1$/));
    // The signed cancel return went to the server once, so it closes the checkout and logs it.
    const reports = requests.filter((r) => `${r.method} ${r.url}` === REGISTER);
    expect(reports.map((r) => r.body)).toEqual([
      { orderid: 'o-1', status: 'CANCELLED', MAC: 'ab12', location_id: expect.any(String) },
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Start again' }));
    expect(
      await screen.findByRole('button', { name: 'Continue to the secure card page' }),
    ).toBeInTheDocument();
    expect(formCalls(requests)).toHaveLength(1);
  });

  it('shows a refusal and lets the member try again', async () => {
    let calls = 0;
    renderMemberPage(<CreditCardPage />, {
      path: '/payment/credit-card',
      membership: withCard(),
      routes: {
        [VERIFONE]: () => {
          calls += 1;
          return calls === 1 ? refusal('invalid_personal_details') : { body: { url: 'https://v.example/c' } };
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid details found in personal information; update them to enable the card update.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('button', { name: 'Continue to the secure card page' }),
    ).toBeInTheDocument();
  });
});
