import { describe, expect, it } from 'vitest';
import {
  getOperator,
  itemToRefund,
  type RefundItem,
  refundAccount,
  refundConfirmation,
  refundDeclinedEvent,
  refundReceipt,
  refundRow,
} from '../src/index.ts';
import { thrown } from './support/decisions.ts';

// The closed-days refund's decisions that the server's refunds.ts and the demo's payments
// handlers both write (ADR 028).

const item: RefundItem = {
  invoice: { id: 'inv-1', invoiceNumber: 'DE-2026-0001', currency: 'EUR' },
  payment: { id: 'pay-1' },
  closure: { id: 'clo-1' },
  refund: {
    closed_period: { from: '2026-10-05', to: '2026-10-07' },
    closed_days: { closed: 3, paid: 31 },
    refundable_amount: { refundable: 290, paid: 2990 },
  },
};
const at = new Date('2026-11-20T10:00:00Z');

describe('closed-days refunds', () => {
  it('takes the earliest item, or refuses in the member’s language', () => {
    expect(itemToRefund('en-GB', ['first', 'second'], false)).toBe('first');
    const none = thrown(() => itemToRefund('de-DE', [], false));
    expect(none.status).toBe(422);
    expect(none.body.errors[0]).toMatchObject({
      type: 'nothing_to_refund',
      message: expect.stringMatching(/Schließtage/),
    });
    expect(thrown(() => itemToRefund('en-GB', [], true)).body.errors[0]?.type).toBe('already_refunded');
  });

  it('checks the bank account for the operator’s country and shows it masked', () => {
    expect(thrown(() => refundAccount(getOperator('no'), 'nb-NO', '123')).body.errors[0]).toMatchObject({
      type: 'invalid_request',
      context: { field: 'body.bank_account_number' },
    });
    const account = refundAccount(getOperator('de'), 'de-DE', 'DE89 3704 0044 0532 0130 00');
    expect(account.account).toBe('DE89370400440532013000');
    expect(account.masked).not.toContain('0532');
  });

  it('books the refundable amount pending and answers the receipt', () => {
    const row = refundRow('member-1', item, {
      id: 'ref-1',
      method: 'bank_account',
      bankAccount: 'DE89…',
      createdAt: at,
    });
    expect(row).toEqual({
      id: 'ref-1',
      paymentId: 'pay-1',
      invoiceId: 'inv-1',
      memberId: 'member-1',
      closureId: 'clo-1',
      method: 'bank_account',
      amount: 290,
      bankAccount: 'DE89…',
      status: 'pending',
      createdAt: at,
    });
    expect(refundReceipt(row, item, 'pending', '**** 3000')).toEqual({
      id: 'ref-1',
      invoice_id: 'inv-1',
      method: 'bank_account',
      status: 'pending',
      amount: 290,
      currency: 'EUR',
      bank_account: '**** 3000',
      created_at: at.toISOString(),
    });
  });

  it('logs the refund and mails the closed days with the method’s text', () => {
    const row = refundRow('member-1', item, {
      id: 'ref-1',
      method: 'card',
      bankAccount: null,
      createdAt: at,
    });
    const receipt = refundReceipt(row, item, 'completed', null);
    const { event, mail } = refundConfirmation('en-GB', item, receipt);
    expect(event).toEqual({
      action: 'closed_days_refund',
      details: {
        refund_id: 'ref-1',
        invoice_id: 'inv-1',
        invoice_number: 'DE-2026-0001',
        closure_id: 'clo-1',
        closed_period: item.refund.closed_period,
        closed_days: item.refund.closed_days,
        amount: 290,
        currency: 'EUR',
        method: 'card',
        status: 'completed',
        bank_account: null,
      },
    });
    expect(mail.subject).toBe('Your refund for the closed days');
    expect(mail.body).toMatch(
      /^your club was closed from 5 October 2026 to 7 October 2026: 3 of the 31 days/,
    );
    expect(mail.body).toContain('We have refunded €2.90 to the card');
    expect(refundDeclinedEvent(item, 100)).toMatchObject({
      action: 'closed_days_refund',
      status: 'failure',
      details: { invoice_id: 'inv-1', closure_id: 'clo-1', amount: 290, method: 'card', error_code: 100 },
    });
  });
});
