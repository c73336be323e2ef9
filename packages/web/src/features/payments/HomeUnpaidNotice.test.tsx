import type { Invoice, Membership } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '../../app/pages/HomePage.tsx';
import { queryKeys } from '../../lib/membership.ts';
import { session } from '../../lib/session.ts';
import { invoiceFixture } from '../../test/fixtures.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n, testQueryClient } from '../../test/render.tsx';
import { norwegian, withCard, withDebit } from './testData.ts';

// Home's PT section is a lazy chunk whose loading finished at a random point of whichever test
// mounted it first (sometimes outside Testing Library's waits, which React reports); it has
// nothing to do with what is owed, and its own tests are in features/pt.
vi.mock('../pt/HomePtOffers.tsx', () => ({ HomePtOffers: () => null }));

// English unless a test says otherwise (set before anything renders, so no screen re-renders).
beforeEach(async () => {
  await setupI18n('en-DE');
  session.signIn('tok');
});

const period = (month: string) => ({ from: `2026-${month}-01`, to: `2026-${month}-30` });
/** Two unpaid months (35.00 + 29.90), a failed one-off charge and a paid month. */
const invoices: Invoice[] = [
  invoiceFixture({ id: 'nov', status: 'declined', amount: 3500, period: period('11') }),
  invoiceFixture({ id: 'pt', status: 'declined', amount: 29900, period: null }),
  invoiceFixture({ id: 'oct', status: 'declined', amount: 2990, period: period('10') }),
  invoiceFixture({ id: 'sep', status: 'charged', amount: 2990, period: period('09') }),
];

function home(answer: { status?: number; body?: unknown }, membership: Membership = withCard()) {
  const queryClient = testQueryClient();
  const rendered = renderMemberPage(<HomePage />, {
    path: '/',
    membership,
    queryClient,
    routes: {
      'GET /api/v1/membership/invoices': answer,
      'GET /api/v2/workouts': { body: { months: [], total: 0 } },
    },
  });
  /** Resolves once the invoice list has answered (or failed). */
  const settled = () =>
    waitFor(() => expect(queryClient.getQueryState(queryKeys.invoices)?.status).not.toBe('pending'));
  return { ...rendered, settled };
}

const notice = () => screen.queryByRole('region', { name: 'Payment outstanding' });

describe('the unpaid notice on home', () => {
  it('shows the open amount of the unpaid invoices and leads to the payment page', async () => {
    home({ body: invoices });
    // Not while the invoices load.
    expect(notice()).toBeNull();
    const shown = await screen.findByRole('region', { name: 'Payment outstanding' });
    // 35.00 + 29.90: the failed one-off charge and the paid month are not owed.
    expect(shown).toHaveTextContent(
      '€64.90 is outstanding. Once you update your card, we charge the amount to the new card automatically.',
    );
    const links = within(shown).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Go to payment');
    expect(links[0]).toHaveAttribute('href', '/payment');
    // It comes first on home, before the welcome.
    const welcome = screen.getByRole('heading', { name: /Welcome back/ });
    expect(shown.compareDocumentPosition(welcome) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(links[0]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/payment');
  });

  it('says the amount in the operator’s currency, in the member’s language', async () => {
    await setupI18n('nb-NO');
    const { settled, unmount } = home({ body: invoices.slice(0, 1) }, norwegian());
    const shown = await screen.findByRole('region', { name: 'Utestående betaling' });
    expect(shown).toHaveTextContent(/^!Utestående betaling35,00\skr er utestående\./);
    expect(within(shown).getByRole('link', { name: 'Gå til betaling' })).toHaveAttribute('href', '/payment');
    await settled();
    unmount();
  });

  it('tells a member paying by direct debit that the next debit collects the amount', async () => {
    home({ body: invoices }, withDebit());
    const shown = await screen.findByRole('region', { name: 'Payment outstanding' });
    expect(shown).toHaveTextContent(
      '€64.90 is outstanding. If you do not pay now, we collect it with your next direct debit.',
    );
    expect(shown).not.toHaveTextContent(/update your card/i);
    expect(within(shown).getAllByRole('button', { name: /^Pay now/ })).toHaveLength(2);
  });

  it('tells a member paying by direct debit what to do when the bank returned the debit', async () => {
    const returned = invoiceFixture({
      id: 'dec',
      status: 'declined',
      amount: 3500,
      period: period('12'),
      payments: [{ status: 'returned', created_at: '2026-12-01T05:00:00.000Z', refunds: [] }],
    });
    home({ body: [returned] }, withDebit());
    const shown = await screen.findByRole('region', { name: 'Payment outstanding' });
    // Until the mandate answers, any returned debit counts.
    expect(shown).toHaveTextContent(
      '€35.00 is outstanding. Your bank returned the direct debit, so we do not collect it again by ourselves: pay it now, or give us your bank account again on the payment page.',
    );
  });

  it('is absent when nothing is owed', async () => {
    const { settled } = home({ body: [invoices[1]!, invoices[3]!] });
    await settled();
    await screen.findByRole('heading', { name: /Welcome back/ });
    expect(notice()).toBeNull();
  });

  it('is absent when the invoices cannot be loaded', async () => {
    const { settled } = home({ status: 500, body: { status: 500, errors: [{ type: 'internal' }] } });
    await settled();
    expect(notice()).toBeNull();
  });
});
