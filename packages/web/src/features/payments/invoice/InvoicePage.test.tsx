import type { Invoice } from '@portal/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../lib/i18n.ts';
import { session } from '../../../lib/session.ts';
import { invoiceFixture, membershipFixture } from '../../../test/fixtures.ts';
import { renderMemberPage } from '../../../test/memberPage.tsx';
import { setupI18n } from '../../../test/render.tsx';
import { InvoicePage } from './InvoicePage.tsx';

beforeAll(async () => {
  await setupI18n('en-DE');
});

afterEach(async () => {
  // The screen goes first: a language change under it would render it again after the test.
  cleanup();
  await changeLocale('en-DE', false);
});

beforeEach(() => {
  session.signIn('tok');
});

const line = (
  amount: number,
  human_concept: string,
  product_type: Invoice['lines'][number]['product_type'] = 'membership_fee',
): Invoice['lines'][number] => ({
  amount,
  product_type,
  product_id: 'p-1',
  system_concept: 'MEMBERSHIP_FEE',
  human_concept,
  period: { from: '2025-04-01', to: '2025-04-30' },
});

const germanInvoice = invoiceFixture({
  lines: [line(2990, 'Membership April 2025'), line(4900, 'Signup fee', 'signup_fee')],
  amount: 7890,
  payment_method: { type: 'card', details: 'Visa •••• 4242' },
  member: {
    name: 'Anna Schmidt',
    address_lines: ['Hauptstr. 1', '10115 Berlin'],
    identifiers: [{ label: 'Mitgliedsnummer', value: '100234' }],
  },
  operator: {
    name: 'Stride Fitness Deutschland GmbH',
    address_lines: ['Friedrichstraße 68', '10117 Berlin', 'Deutschland'],
    identifiers: [{ label: 'USt-IdNr.', value: 'DE298765432' }],
  },
});

function renderInvoice(
  invoice: Invoice | null,
  options: Partial<Parameters<typeof renderMemberPage>[1]> = {},
) {
  return renderMemberPage(<InvoicePage />, {
    path: '/invoice/:id',
    route: '/invoice/inv-1',
    routes: {
      'GET /api/v1/membership/invoices/inv-1': invoice
        ? { body: invoice }
        : { status: 404, body: { status: 404, errors: [{ type: 'not_found' }] } },
    },
    ...options,
  });
}

/** The value next to a label in the totals. */
function total(label: string | RegExp): string | null {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

describe('invoice page', () => {
  it('shows Loading, then the operator, the member, the number, the stamp and the lines', async () => {
    renderInvoice(germanInvoice);
    expect(screen.getByText('Loading invoice…')).toBeInTheDocument();
    const sheet = await screen.findByRole('article', { name: 'Invoice 2025-0001' });
    expect(within(sheet).getByText('Stride Fitness Deutschland GmbH')).toBeInTheDocument();
    expect(within(sheet).getByText('USt-IdNr.: DE298765432')).toBeInTheDocument();
    expect(within(sheet).getByText('Mitgliedsnummer: 100234')).toBeInTheDocument();
    expect(within(sheet).getByText('10115 Berlin')).toBeInTheDocument();
    expect(within(sheet).getByText('2025-0001')).toBeInTheDocument();
    expect(within(sheet).getByText('1 April 2025')).toBeInTheDocument();
    expect(within(sheet).getByText('Paid').closest('[data-stamp]')).toHaveAttribute('data-stamp', 'paid');
    const rows = within(sheet).getAllByRole('row').slice(1);
    // Lines are named by their type in the member's language, not by the billing system's English text.
    expect(rows.map((row) => row.textContent)).toEqual([
      'Membership fee1 Apr 2025 – 30 Apr 2025€29.90',
      'Signup fee1 Apr 2025 – 30 Apr 2025€49.00',
    ]);
    expect(within(sheet).getByText('Card, Visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to payment' })).toHaveAttribute('href', '/payment');
  });

  it('names a personal-training package as it was bought, on its purchase day without a period', async () => {
    await changeLocale('de-DE', false);
    renderInvoice(
      invoiceFixture({
        invoice_date: '2026-11-03',
        period: null,
        amount: 29900,
        lines: [
          {
            amount: 29900,
            product_type: 'add_on_fee',
            product_id: 'purchase-1',
            system_concept: 'pt_package',
            human_concept: '5er-Paket',
            period: null,
          },
        ],
      }),
      { locale: 'de-DE', membership: membershipFixture({ locale: 'de-DE' }) },
    );
    const sheet = await screen.findByRole('article');
    expect(within(sheet).getByText('3. November 2026')).toBeInTheDocument();
    expect(within(sheet).queryByText('Abrechnungszeitraum')).toBeNull();
    const rows = within(sheet).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Personal Training: 5er-Paket–299,00\u00a0€']);
  });

  it('shows net, VAT with its rate and the total of gross amounts, adding up to the cent (de, 19 %)', async () => {
    renderInvoice(germanInvoice);
    await screen.findByRole('article');
    // 78.90 gross at 19 %: VAT 78.90 × 19 / 119 = 12.5975 → 12.60, net 66.30.
    expect(total('Net amount')).toBe('€66.30');
    expect(total('VAT 19 %')).toBe('€12.60');
    expect(total('Total')).toBe('€78.90');
    expect(screen.getByText('All amounts include VAT.')).toBeInTheDocument();
  });

  it('writes the rate and the amounts in the member’s locale (fr-CH, 8.1 %)', async () => {
    await changeLocale('fr-CH', false);
    renderInvoice(
      invoiceFixture({ currency: 'CHF', vat_rate: 8.1, lines: [line(8900, 'Abonnement avril 2025')] }),
      { operator: 'ch', locale: 'fr-CH', membership: membershipFixture({ locale: 'fr-CH' }) },
    );
    await screen.findByRole('article');
    // 89.00 × 8.1 / 108.1 = 6.669… → 6.67; net 82.33. (Swiss French: "8,1" but "6.67 CHF".)
    expect(total('TVA 8,1 %')).toMatch(/^6\.67\sCHF$/);
    expect(total('Montant hors TVA')).toMatch(/^82\.33\sCHF$/);
    expect(total('Total')).toMatch(/^89\.00\sCHF$/);
  });

  it('omits VAT (and the net amount, which would equal the total) when the rate is 0 (Norway)', async () => {
    renderInvoice(
      invoiceFixture({ currency: 'NOK', vat_rate: 0, lines: [line(49900, 'Membership April 2025')] }),
      {
        operator: 'no',
      },
    );
    await screen.findByRole('article');
    expect(total('Total')).toMatch(/^NOK\s499\.00$/);
    expect(screen.queryByText(/VAT/)).toBeNull();
    expect(screen.queryByText('Net amount')).toBeNull();
  });

  it('lists each payment with its refunds under it', async () => {
    renderInvoice(
      invoiceFixture({
        lines: [line(2990, 'Membership April 2025')],
        payments: [
          { status: 'declined', created_at: '2025-04-01T06:00:00Z', refunds: [] },
          {
            status: 'captured',
            created_at: '2025-04-03T06:00:00Z',
            refunds: [{ status: 'pending', amount: 499, created_at: '2025-04-20T21:30:00Z' }],
          },
        ],
      }),
    );
    const heading = await screen.findByRole('heading', { name: 'Payments' });
    const payments = within(heading.closest('section')!).getAllByRole('listitem');
    expect(payments[0]).toHaveTextContent('Payment · 1 Apr 2025Declined');
    expect(payments[1]).toHaveTextContent(/^Payment · 3 Apr 2025Successful/);
    // The refund is a list item inside the second payment; 21:30 UTC is the 20th in Berlin too.
    const refund = within(payments[1]!).getByRole('listitem');
    expect(refund).toHaveTextContent('Refund · 20 Apr 2025€4.99Pending');
  });

  it('goes back to / when the invoice cannot be loaded (not found or not the member’s)', async () => {
    renderInvoice(null);
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
