import {
  type ActivatedChip,
  type Key,
  type MembershipStatus,
  ruleViolation,
  type TemporaryPinIssued,
} from '@portal/contract';
import {
  activeChip,
  canUseChipServices,
  FORGOTTEN_CHIP_PIN_VALIDITY,
  keysToday,
  maskedMobile,
  temporaryPinValidTo,
} from './access.ts';
import { type AccessRefusal, accessRefusalMessage } from './accessTexts.ts';
import type { IsoDate } from './dates.ts';
import type { Charge, ChangeEvent } from './membershipChange.ts';
import type { OperatorSettings } from './operators/types.ts';
import type { MembershipFacts } from './status.ts';

// The chip and PIN calls' decisions (ADR 028), for the server's modules/access/ (which the
// demo runs too, docs/demo.md); the key rows, the PIN codes and the messages' sending stay
// with the service.

/** Whose chips and PINs they are, as the rules read it. */
export interface KeyHolder {
  member: { locale: string; mobilePrefix: string; mobileNumber: string };
  operator: OperatorSettings;
  facts: MembershipFacts;
  status: MembershipStatus;
  today: IsoDate;
}

/** A key with the id and origin of its row. */
export type StoredKey<O extends string = string> = Key & { id: string; origin: O };

/** A 422 of this area, its message in the member's language. */
export function accessRefusal(state: KeyHolder, type: AccessRefusal, context?: Record<string, unknown>) {
  return ruleViolation(type, accessRefusalMessage(state.member.locale, type, state.status), context);
}

/** The statuses that may use chips and PINs (`CHIP_STATUSES`). */
export function checkChipServices(state: KeyHolder): void {
  if (!canUseChipServices(state.status)) {
    throw accessRefusal(state, 'invalid_status_for_access', { status: state.status });
  }
}

/** One key as it stands today for this membership. */
export function keyAsOfToday<K extends Key>(state: KeyHolder, key: K): K {
  return keysToday([key], state.facts, state.status, state.today)[0] as K;
}

export const asActivated = (k: Key): ActivatedChip => ({
  type: k.type,
  code: k.code,
  valid_from: k.valid_from,
  valid_to: k.valid_to,
});

/** The key row of a chip new to this membership, active from today. */
export function newChipRow(membershipId: string, code: string, id: string, today: IsoDate, createdAt: Date) {
  return {
    id,
    membershipId,
    type: 'rfid' as const,
    code,
    status: 'active' as const,
    validFrom: today,
    validTo: null,
    origin: 'issued' as const,
    createdAt,
  };
}

/**
 * A chip activated (its row written by the caller): every other key in use ends, the event,
 * and the answer as the chip stands today.
 */
export function chipActivated(state: KeyHolder, keys: readonly StoredKey[], chipId: string, code: string) {
  const ended = keys.filter((k) => k.id !== chipId && k.status !== 'inactive').map((k) => k.id);
  const chip: StoredKey = {
    id: chipId,
    origin: 'issued',
    type: 'rfid',
    code,
    status: 'active',
    valid_from: state.today,
    valid_to: null,
  };
  return {
    ended,
    event: {
      action: 'chip_activated',
      details: { key_id: chipId, ended_key_ids: ended },
    } satisfies ChangeEvent,
    answer: asActivated(keyAsOfToday(state, chip)),
  };
}

/** The event of a chip reported lost, with its replacement order and temporary PIN. */
export function lostChipEvent(chipId: string, orderId: string, pin: StoredKey): ChangeEvent {
  return {
    action: 'chip_reported_lost',
    details: {
      key_id: chipId,
      chip_order_id: orderId,
      temporary_pin_id: pin.id,
      temporary_pin_valid_to: pin.valid_to,
    },
  };
}

/** The answer to a forgotten chip's PIN, new or the one issued earlier today. */
export function temporaryPinAnswer(state: KeyHolder, pin: Key, alreadyIssued: boolean): TemporaryPinIssued {
  return {
    valid_from: pin.valid_from,
    valid_to: pin.valid_to ?? pin.valid_from,
    fee: state.operator.forgottenChipSmsFee?.amount ?? null,
    sent_to: maskedMobile({ prefix: state.member.mobilePrefix, number: state.member.mobileNumber }),
    already_issued: alreadyIssued,
  };
}

/**
 * The forgotten chip's PIN: one a day, so the one issued today is answered again (nothing is
 * sent or billed); without an active chip there is nothing to stand in for. Otherwise the
 * last day of the new PIN.
 */
export function forgottenChipPin<K extends StoredKey>(
  state: KeyHolder,
  keys: readonly K[],
): { earlier: K } | { validTo: IsoDate } {
  const earlier = keys.find((k) => k.origin === 'forgotten_chip' && k.valid_from === state.today);
  if (earlier) return { earlier };
  if (!activeChip(keys)) throw accessRefusal(state, 'no_active_chip');
  return { validTo: temporaryPinValidTo(FORGOTTEN_CHIP_PIN_VALIDITY, state.today) };
}

/** A new forgotten chip's PIN: the operator's SMS fee (if any) for today, and the event. */
export function forgottenChipPinIssued(
  state: KeyHolder,
  pinId: string,
  validTo: IsoDate,
): { charges: Charge[]; event: ChangeEvent } {
  const fee = state.operator.forgottenChipSmsFee;
  return {
    charges: fee
      ? [
          {
            invoiceDate: state.today,
            amount: fee.amount,
            type: 'add_on_fee',
            productId: pinId,
            concept: 'Temporary PIN by SMS (forgotten chip)',
            period: { from: state.today, to: state.today },
          },
        ]
      : [],
    event: {
      action: 'temporary_pin_issued',
      details: { temporary_pin_id: pinId, valid_to: validTo, fee: fee?.amount ?? null },
    },
  };
}
