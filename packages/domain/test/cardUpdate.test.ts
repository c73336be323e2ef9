import { describe, expect, it } from 'vitest';
import {
  cardFailureEvent,
  cardRefusal,
  cardRegistered,
  cardRegisteredEvent,
  cardUpdateMails,
  checkCardLocation,
  checkCardProvider,
  checkCardUpdateAllowed,
  getOperator,
  isCurrentCard,
  newCardMethodRow,
  retriedCharge,
} from '../src/index.ts';
import { thrown } from './support/decisions.ts';

// The card update's decisions that the server's payments module and the demo's cards
// handlers both write (ADR 028).

const holder = (mobileNumber = '151 2345678') => ({
  member: { locale: 'en-GB', mobilePrefix: '+49', mobileNumber },
  membership: { locationId: 'club-1' },
  operator: getOperator('de'),
});
const invoice = (n: number) => ({
  id: `inv-${n}`,
  invoiceNumber: `DE-2026-000${n}`,
  amount: 2990,
  currency: 'EUR' as const,
});
const card = { token: 't', brand: 'visa', details: '**** 4242', expire: '12/30', fingerprint: 'fp' };

describe('the card update', () => {
  it('checks the mobile, the club and the provider', () => {
    expect(() => checkCardUpdateAllowed(holder())).not.toThrow();
    expect(thrown(() => checkCardUpdateAllowed(holder('')))).toMatchObject({ status: 422 });
    expect(
      thrown(() => checkCardLocation(holder(), 'club-2', 'query.location')).body.errors[0],
    ).toMatchObject({
      type: 'invalid_request',
      context: { field: 'query.location' },
    });
    const provider = getOperator('de').cardProvider;
    const other = provider === 'dibs' ? 'verifone' : 'dibs';
    expect(() => checkCardProvider(holder(), provider)).not.toThrow();
    expect(thrown(() => checkCardProvider(holder(), other)).body.errors[0]).toMatchObject({
      type: 'card_provider_mismatch',
      context: { provider },
    });
    expect(cardRefusal(holder(), 'card_provider_unavailable').status).toBe(503);
  });

  it('writes a retried charge as a payment, the invoice’s method when it went through, and its event', () => {
    const paid = retriedCharge(invoice(1), card, 'co-1', { ok: true, providerReference: 'ref-9' });
    expect(paid.payment).toEqual({
      invoiceId: 'inv-1',
      status: 'captured',
      amount: 2990,
      providerReference: 'ref-9',
    });
    expect(paid.charged).toEqual({ type: 'card', details: 'visa **** 4242' });
    expect(paid.event).toEqual({
      action: 'retry_declined_invoice',
      status: 'success',
      details: {
        invoice_id: 'inv-1',
        invoice_number: 'DE-2026-0001',
        amount: 2990,
        currency: 'EUR',
        checkout_id: 'co-1',
        provider_reference: 'ref-9',
      },
    });
    const declined = retriedCharge(invoice(2), card, 'co-1', { ok: false, errorCode: 105 });
    expect(declined.payment.status).toBe('declined');
    expect(declined.charged).toBeNull();
    expect(declined.event.status).toBe('failure');
    expect(declined.event.details).toMatchObject({ error_code: 105, error: expect.any(String) });
  });

  it('confirms the card, lists what is still unpaid, and sends a receipt only for what was charged', () => {
    const retried = [
      { invoice: invoice(1), charged: true },
      { invoice: invoice(2), charged: false },
    ];
    const mails = cardUpdateMails('en-GB', card, 'success', retried);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.body).toContain('Visa **** 4242');
    expect(mails[0]?.body).toContain('DE-2026-0002');
    expect(mails[0]?.body).not.toContain('DE-2026-0001');
    expect(mails[1]?.body).toContain('DE-2026-0001');
    expect(cardUpdateMails('en-GB', card, 'exists', [])).toHaveLength(1);
    expect(cardRegistered('success', retried)).toEqual({
      message: 'Credit card registered',
      outcome: 'success',
      retried_invoices: [
        { id: 'inv-1', invoice_number: 'DE-2026-0001', status: 'charged' },
        { id: 'inv-2', invoice_number: 'DE-2026-0002', status: 'declined' },
      ],
    });
  });

  it('logs the registered card and a failed return', () => {
    expect(cardRegisteredEvent('dibs', 'co-1', 'pm-1', card, 'exists')).toEqual({
      action: 'update_credit_card',
      details: {
        provider: 'dibs',
        checkout_id: 'co-1',
        payment_method_id: 'pm-1',
        brand: 'visa',
        details: '**** 4242',
        expire: '12/30',
        outcome: 'exists',
      },
    });
    expect(cardFailureEvent('dibs', 'co-1', 171)).toMatchObject({
      action: 'update_credit_card',
      status: 'failure',
      details: { provider: 'dibs', checkout_id: 'co-1', error_code: 171 },
    });
  });

  it('refreshes the current card when it comes back, else stores a new method', () => {
    expect(isCurrentCard({ provider: 'dibs', fingerprint: 'fp' }, 'dibs', card)).toBe(true);
    expect(isCurrentCard({ provider: 'dibs', fingerprint: 'other' }, 'dibs', card)).toBe(false);
    expect(isCurrentCard({ provider: 'verifone', fingerprint: 'fp' }, 'dibs', card)).toBe(false);
    expect(isCurrentCard(undefined, 'dibs', card)).toBe(false);
    const at = new Date('2026-11-20T10:00:00Z');
    expect(newCardMethodRow('member-1', 'dibs', card, 'pm-1', at)).toEqual({
      id: 'pm-1',
      memberId: 'member-1',
      provider: 'dibs',
      type: 'card',
      brand: 'visa',
      details: '**** 4242',
      expire: '12/30',
      providerToken: 't',
      fingerprint: 'fp',
      createdAt: at,
    });
  });
});
