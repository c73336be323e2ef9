import { describe, expect, it } from 'vitest';
import {
  chipActivated,
  checkChipServices,
  deriveStatus,
  forgottenChipPin,
  forgottenChipPinIssued,
  getOperator,
  type KeyHolder,
  lostChipEvent,
  newChipRow,
  type MembershipFacts,
  type StoredKey,
  temporaryPinAnswer,
} from '../src/index.ts';
import { factsOf, TODAY, thrown } from './support/decisions.ts';

// The chip and PIN calls' decisions that the server's access service and the demo's
// handlers both write (ADR 028).

function holder(operator: 'de' | 'at' = 'de', facts: Partial<MembershipFacts> = {}): KeyHolder {
  const all = factsOf(facts);
  return {
    member: { locale: 'en-GB', mobilePrefix: '+49', mobileNumber: '15123456710' },
    operator: getOperator(operator),
    facts: all,
    status: deriveStatus(all, TODAY),
    today: TODAY,
  };
}

const key = (
  id: string,
  type: 'rfid' | 'pin',
  origin: string,
  status: 'active' | 'inactive',
  validFrom = '2026-01-01',
): StoredKey => ({
  id,
  origin,
  type,
  code: `${id}-code`,
  status,
  valid_from: validFrom,
  valid_to: null,
});

describe('chips and PINs', () => {
  it('refuses the chip services to a membership that has ended', () => {
    expect(() => checkChipServices(holder())).not.toThrow();
    const ended = holder('de', { cancelled_on: '2026-09-01', end_date: '2026-10-31' });
    expect(thrown(() => checkChipServices(ended)).body.errors[0]).toMatchObject({
      type: 'invalid_status_for_access',
      context: { status: 'cancelled' },
    });
  });

  it('activates a chip: every other key in use ends, the event names them', () => {
    const keys = [
      key('old-chip', 'rfid', 'issued', 'active'),
      key('pin', 'pin', 'lost_chip', 'active'),
      key('gone', 'pin', 'issued', 'inactive'),
    ];
    const { ended, event, answer } = chipActivated(holder(), keys, 'new-chip', '0004711');
    expect(ended).toEqual(['old-chip', 'pin']);
    expect(event).toEqual({
      action: 'chip_activated',
      details: { key_id: 'new-chip', ended_key_ids: ['old-chip', 'pin'] },
    });
    expect(answer).toEqual({ type: 'rfid', code: '0004711', valid_from: TODAY, valid_to: null });
    // In cancellation the chip works up to the last day.
    const cancelling = holder('de', { cancelled_on: '2026-11-02', end_date: '2026-12-31' });
    expect(chipActivated(cancelling, [], 'c', '1').answer.valid_to).toBe('2026-12-31');
  });

  it('stores a chip new to the membership as an issued key active from today', () => {
    const at = new Date('2026-11-20T10:00:00Z');
    expect(newChipRow('membership-1', '0004711', 'chip-1', TODAY, at)).toEqual({
      id: 'chip-1',
      membershipId: 'membership-1',
      type: 'rfid',
      code: '0004711',
      status: 'active',
      validFrom: TODAY,
      validTo: null,
      origin: 'issued',
      createdAt: at,
    });
  });

  it('logs a lost chip with its order and temporary PIN', () => {
    const pin = { ...key('pin-1', 'pin', 'lost_chip', 'active', TODAY), valid_to: '2026-12-10' };
    expect(lostChipEvent('chip-1', 'order-1', pin)).toEqual({
      action: 'chip_reported_lost',
      details: {
        key_id: 'chip-1',
        chip_order_id: 'order-1',
        temporary_pin_id: 'pin-1',
        temporary_pin_valid_to: '2026-12-10',
      },
    });
  });

  it('gives a forgotten chip one PIN a day, billed with the operator’s SMS fee', () => {
    const chip = key('chip', 'rfid', 'issued', 'active');
    expect(forgottenChipPin(holder(), [chip])).toEqual({ validTo: TODAY });
    const today = key('pin', 'pin', 'forgotten_chip', 'active', TODAY);
    expect(forgottenChipPin(holder(), [today, chip])).toEqual({ earlier: today });
    expect(thrown(() => forgottenChipPin(holder(), [])).body.errors[0]?.type).toBe('no_active_chip');

    expect(forgottenChipPinIssued(holder('de'), 'pin-1', TODAY).charges).toEqual([]);
    const at = forgottenChipPinIssued(holder('at'), 'pin-1', TODAY);
    expect(at.charges).toEqual([
      {
        invoiceDate: TODAY,
        amount: 300,
        type: 'add_on_fee',
        productId: 'pin-1',
        concept: 'Temporary PIN by SMS (forgotten chip)',
        period: { from: TODAY, to: TODAY },
      },
    ]);
    expect(at.event).toEqual({
      action: 'temporary_pin_issued',
      details: { temporary_pin_id: 'pin-1', valid_to: TODAY, fee: 300 },
    });
    expect(temporaryPinAnswer(holder('at'), today, true)).toEqual({
      valid_from: TODAY,
      valid_to: TODAY,
      fee: 300,
      sent_to: expect.stringMatching(/10$/),
      already_issued: true,
    });
  });
});
