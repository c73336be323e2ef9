import type { Invoice, Membership } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session.ts';
import { invoiceFixture } from '../../test/fixtures.ts';
import { renderMemberPage } from '../../test/memberPage.tsx';
import { setupI18n } from '../../test/render.tsx';
import { openAmountWay } from './openAmountWay.ts';
import { UnpaidNotice } from './UnpaidNotice.tsx';
import { withCard, withDebit } from './testData.ts';

beforeEach(async () => {
  await setupI18n('en-DE');
  session.signIn('tok');
});

const returnedOn = (at: string) => [{ status: 'returned', created_at: at, refunds: [] }];
const open = invoiceFixture({
  id: 'nov',
  invoice_number: 'DE-11',
  status: 'declined',
  amount: 3500,
  period: { from: '2026-11-01', to: '2026-11-30' },
});
const returned = invoiceFixture({
  id: 'dec',
  invoice_number: 'DE-12',
  status: 'declined',
  amount: 2990,
  period: { from: '2026-12-01', to: '2026-12-31' },
  payments: returnedOn('2026-12-01T05:00:00.000Z'),
});

function show(
  invoices: Invoice[],
  membership: Membership,
  mandateSignedAt = '2026-11-20T10:00:00.000Z',
  { locale = 'en-DE', title = 'Payment outstanding' } = {},
) {
  const rendered = renderMemberPage(<UnpaidNotice invoices={invoices} />, {
    path: '/payment',
    membership,
    locale,
    routes: {
      'GET /api/v1/membership/sepa_mandate': {
        body: {
          mandate_reference: 'DE-20261120-ABCDEFGHIJKL',
          creditor_id: 'DE98ZZZ09999999999',
          creditor_name: 'Stride Fitness Deutschland GmbH',
          account_holder: 'Anna Schmidt',
          iban: 'DE89 •••• 3000',
          signed_at: mandateSignedAt,
          next_debit: null,
        },
      },
    },
  });
  return { ...rendered, notice: screen.getByRole('region', { name: title }) };
}

describe('the unpaid notice on the payment page', () => {
  it('tells a card member to update the card', () => {
    const { notice, requests } = show([open], withCard());
    expect(notice).toHaveTextContent('One invoice could not be charged to your card: €35.00 is outstanding.');
    expect(notice).toHaveTextContent('Update your card: the outstanding invoices are then charged');
    expect(within(notice).getByRole('link', { name: 'Update card' })).toHaveAttribute(
      'href',
      '/payment/credit-card',
    );
    expect(requests.some((r) => r.url.includes('sepa_mandate'))).toBe(false);
  });

  it('tells a direct-debit member that the next debit collects the amount, or to pay now by card', () => {
    const { notice, requests } = show([open, { ...open, id: 'oct', invoice_number: 'DE-10' }], withDebit());
    expect(notice).toHaveTextContent('2 invoices are unpaid: €70.00 is outstanding.');
    expect(notice).toHaveTextContent('You can pay the open invoices now by card');
    expect(notice).toHaveTextContent(
      'If you do not pay now, we collect the outstanding amount with your next direct debit.',
    );
    expect(notice).not.toHaveTextContent(/card: the outstanding|update your card|charged to your card/i);
    expect(within(notice).queryByRole('link', { name: 'Update card' })).toBeNull();
    expect(within(notice).getAllByRole('button', { name: /^Pay now/ })).toHaveLength(2);
    // No debit was returned: the mandate is not asked for.
    expect(requests.some((r) => r.url.includes('sepa_mandate'))).toBe(false);
  });

  it('tells a direct-debit member whose bank returned the debit how to pay', async () => {
    const { notice } = show([returned], withDebit());
    expect(notice).toHaveTextContent('One invoice is unpaid: €29.90 is outstanding.');
    expect(notice).toHaveTextContent('Your bank returned the direct debit');
    expect(within(notice).getByRole('link', { name: 'Change bank account' })).toHaveAttribute(
      'href',
      '/payment/bank-account',
    );
  });

  it('counts a debit returned before the current mandate as queued again', async () => {
    const { notice } = show([returned], withDebit(), '2026-12-03T09:00:00.000Z');
    expect(
      await within(notice).findByText(
        'If you do not pay now, we collect the outstanding amount with your next direct debit.',
      ),
    ).toBeInTheDocument();
    expect(notice).not.toHaveTextContent('Your bank returned the direct debit');
  });

  it('speaks the member’s language', async () => {
    await setupI18n('de-DE');
    const { notice } = show([open], withDebit(), undefined, { locale: 'de-DE', title: 'Offene Zahlung' });
    expect(notice).toHaveTextContent('1 Rechnung ist noch offen. Offener Betrag: 35,00');
    expect(notice).toHaveTextContent('ziehen wir den offenen Betrag mit der nächsten Lastschrift ein.');
  });
});

describe('openAmountWay', () => {
  it('is the card for card members, whatever their invoices say', () => {
    expect(openAmountWay(withCard(), [returned], null)).toBe('card');
    expect(openAmountWay(withCard({ current_payment_method: null }), [open], null)).toBe('card');
  });

  it('is the next debit for a direct-debit member unless a debit of the current mandate came back', () => {
    expect(openAmountWay(withDebit(), [open], null)).toBe('next_debit');
    expect(openAmountWay(withDebit(), [open, returned], null)).toBe('debit_returned');
    expect(openAmountWay(withDebit(), [returned], '2026-11-01T00:00:00.000Z')).toBe('debit_returned');
    expect(openAmountWay(withDebit(), [returned], '2026-12-02T00:00:00.000Z')).toBe('next_debit');
  });
});
