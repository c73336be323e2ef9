import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceStamp, invoiceTotals, openAmount, unpaidInvoices } from '../src/invoice.ts';
import { partiesOf } from '../src/invoiceParties.ts';
import { operatorCatalogue } from '../src/operators/catalogue.ts';
import { vatRateOn } from '../src/vat.ts';

describe('invoice stamps', () => {
  const period = { from: '2026-11-01', to: '2026-11-30' };
  it('charged is paid; declined is unpaid with a period and failed without; scheduled is open', () => {
    expect(invoiceStamp({ status: 'charged', period })).toBe('paid');
    expect(invoiceStamp({ status: 'charged', period: null })).toBe('paid');
    expect(invoiceStamp({ status: 'declined', period })).toBe('unpaid');
    expect(invoiceStamp({ status: 'declined', period: null })).toBe('failed');
    expect(invoiceStamp({ status: 'scheduled', period })).toBe('open');
  });

  it('owes only the unpaid invoices, and their sum is the open amount', () => {
    const invoices = [
      { id: 'paid', status: 'charged', period, amount: 4900 },
      { id: 'unpaid-1', status: 'declined', period, amount: 4900 },
      { id: 'failed', status: 'declined', period: null, amount: 29900 },
      { id: 'open', status: 'scheduled', period, amount: 4900 },
      { id: 'unpaid-2', status: 'declined', period, amount: 1990 },
    ] as const;
    expect(unpaidInvoices(invoices).map((invoice) => invoice.id)).toEqual(['unpaid-1', 'unpaid-2']);
    expect(openAmount(invoices)).toBe(6890);
    expect(
      openAmount(invoices.filter((invoice) => invoice.id !== 'unpaid-1' && invoice.id !== 'unpaid-2')),
    ).toBe(0);
  });
});

describe('invoice totals from gross amounts (ADR 008)', () => {
  it('takes the VAT contained in the price, not added on top', () => {
    // 29.90 € with 19 %: net 25.13 €, VAT 4.77 € (29.90 × 19 / 119 = 4.774).
    expect(invoiceTotals([{ amount: 2990 }], 19)).toEqual({ gross: 2990, net: 2513, vat: 477 });
    // 89.00 CHF with 8.1 %: 89 × 8.1 / 108.1 = 6.669 → 6.67.
    expect(invoiceTotals([{ amount: 8900 }], 8.1)).toEqual({ gross: 8900, net: 8233, vat: 667 });
    // Austria 20 %: 34.90 € holds 5.82 €.
    expect(invoiceTotals([{ amount: 3490 }], 20)).toEqual({ gross: 3490, net: 2908, vat: 582 });
  });

  it('rounds once per invoice, over all its lines', () => {
    // Two lines of 0.05 € at 19 %: per line 0.008 each would round to 0.01 + 0.01; per invoice 0.016 → 0.02.
    expect(invoiceTotals([{ amount: 5 }, { amount: 5 }], 19).vat).toBe(2);
    expect(invoiceTotals([{ amount: 4900 }, { amount: -1000 }], 19)).toEqual({
      gross: 3900,
      net: 3277,
      vat: 623,
    });
  });

  it('omits VAT at a rate of 0 (Norway) and keeps the gross as net', () => {
    const rate = vatRateOn(operatorCatalogue.no, '2026-11-22');
    expect(invoiceTotals([{ amount: 49900 }], rate)).toEqual({ gross: 49900, net: 49900, vat: null });
  });

  it('a credit mirrors the charge it reverses', () => {
    expect(invoiceTotals([{ amount: -2990 }], 19)).toEqual({ gross: -2990, net: -2513, vat: -477 });
  });

  it('always adds up: net + VAT = gross, and VAT is the rate share of the gross to the minor unit', () => {
    const rates = [7.6, 7.7, 8, 8.1, 10, 14, 19, 20];
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -100_000, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...rates),
        (amounts, rate) => {
          const totals = invoiceTotals(
            amounts.map((amount) => ({ amount })),
            rate,
          );
          const exact = (totals.gross * rate) / (100 + rate);
          expect(totals.net + (totals.vat ?? 0)).toBe(totals.gross);
          expect(Math.abs((totals.vat ?? 0) - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(Number.isInteger(totals.vat)).toBe(true);
        },
      ),
    );
  });
});

describe('the Swiss operator on an invoice', () => {
  const member = {
    operatorId: 'ch',
    firstName: 'Anouk',
    lastName: 'Favre',
    street: 'Rue du Rhône 1',
    postalCode: '1204',
    postalLocation: 'Genève',
  };
  it('writes the VAT number in the invoice’s language: "N° TVA : … TVA" in French, MWST in German', () => {
    expect(partiesOf({ ...member, locale: 'fr-CH' }, '1').operator.identifiers).toEqual([
      { label: 'N° TVA', value: 'CHE-123.456.789 TVA' },
    ]);
    expect(partiesOf({ ...member, locale: 'de-CH' }, '1').operator.identifiers).toEqual([
      { label: 'MWST-Nr.', value: 'CHE-123.456.789 MWST' },
    ]);
  });
});
