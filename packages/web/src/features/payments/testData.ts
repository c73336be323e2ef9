import type { Invoice, Membership, PaymentMethod, RefundableItem } from '@portal/contract';
import type { fakeFetch } from '../../test/fakeFetch.ts';
import { invoiceFixture, membershipFixture } from '../../test/fixtures.ts';

/** Test data of the payment screens. */

/** One answer of the fake API. */
export type FakeAnswer = Parameters<typeof fakeFetch>[0][string];
export const visa: PaymentMethod = {
  id: 'pm-1',
  provider: 'verifone',
  type: 'card',
  brand: 'Visa',
  details: '•••• 4242',
  expire: '2804',
};

export const withCard = (over: Partial<Membership> = {}) =>
  membershipFixture({ current_payment_method: visa, ...over });

/** A member paying by SEPA direct debit (docs/payments.md "SEPA direct debit"). */
export const withDebit = (over: Partial<Membership> = {}) =>
  membershipFixture({
    current_payment_method: {
      id: 'pm-sepa',
      provider: 'sepa',
      type: 'sepa_direct_debit',
      brand: null,
      details: 'DE89 •••• 3000',
      expire: null,
    },
    ...over,
  });

/** A member of the Norwegian operator (NOK, dibs). */
export const norwegian = (over: Partial<Membership> = {}) =>
  withCard({
    operator: { id: 'no', name: 'Stride Norge AS', country: 'NO', timezone: 'Europe/Oslo', currency: 'NOK' },
    ...over,
  });

/** Twelve monthly invoices, newest first, all paid. */
export function monthlyInvoices(count = 12): Invoice[] {
  return Array.from({ length: count }, (_, i) => {
    const month = String(12 - i).padStart(2, '0');
    return invoiceFixture({
      id: `inv-${month}`,
      invoice_number: `DE-2025-0000${month}`,
      invoice_date: `2025-${month}-01`,
      period: { from: `2025-${month}-01`, to: `2025-${month}-28` },
    });
  });
}

export function refundableItem(over: Partial<RefundableItem> = {}): RefundableItem {
  return {
    invoice: invoiceFixture({
      id: 'inv-03',
      invoice_number: 'DE-2026-000003',
      invoice_date: '2026-03-01',
      amount: 3100,
      period: { from: '2026-03-01', to: '2026-03-31' },
      payment_method: { type: 'card', details: 'Visa •••• 4242' },
    }),
    closed_period: { from: '2026-03-10', to: '2026-03-16' },
    closed_days: { closed: 7, paid: 31 },
    refundable_amount: { refundable: 700, paid: 3100 },
    ...over,
  };
}
