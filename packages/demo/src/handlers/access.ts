import type { Key } from '@portal/contract';
import {
  accessRefusal,
  asActivated,
  checkChipServices,
  chipActivated,
  chipActivatedMail,
  chipLostMail,
  forgottenChipPin,
  forgottenChipPinIssued,
  forgottenChipPinSms,
  keyAsOfToday,
  keysToday,
  lostChipEvent,
  lostChipPinSms,
  newChipRow,
  normalizeChipCode,
  temporaryPinAnswer,
  temporaryPinValidTo,
} from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import type { DemoStore, DemoTables } from '../store.ts';
import { scheduleCharge } from '../membership/billing.ts';
import { logMembershipChange } from '../membership/events.ts';
import { sendMessage } from '../membership/outbox.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';

// Ports of the server's modules/access (service.ts, keys.ts) onto the demo's tables.

type KeyRow = DemoTables['keys'][number];
type StoredKey = Key & { id: string; origin: KeyRow['origin'] };

const asKey = (row: KeyRow): StoredKey => ({
  id: row.id,
  origin: row.origin,
  type: row.type,
  code: row.code,
  status: row.status,
  valid_from: row.validFrom,
  valid_to: row.validTo,
});

/** The membership's keys as they stand today (derived, ADR 004), newest first. */
function currentKeys(store: DemoStore, state: MembershipState): StoredKey[] {
  const rows = store.tables.keys
    .filter((k) => k.membershipId === state.membership.id)
    .sort(
      (a, b) =>
        (a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : 0) ||
        b.createdAt.getTime() - a.createdAt.getTime(),
    );
  return keysToday(rows.map(asKey), state.facts, state.status, state.today);
}

/** The membership (with the statuses that may use chips checked) and its keys. */
function forAccess(store: DemoStore, memberId: string) {
  const state = loadMembershipState(store, memberId);
  checkChipServices(state);
  return { state, keys: currentKeys(store, state) };
}

/** Ends keys now: inactive, valid to today, refused at the door from this instant on. */
function endKeys(store: DemoStore, ids: readonly string[], today: string) {
  for (const row of store.tables.keys) {
    if (ids.includes(row.id))
      Object.assign(row, { status: 'inactive', validTo: today, endedAt: store.now() });
  }
}

const hasChipOrder = (store: DemoStore, keyId: string) =>
  store.tables.chipOrders.some((o) => o.lostKeyId === keyId);

/** Seven random digits (no leading zero), not the code of another active PIN of the operator. */
function newPinCode(store: DemoStore, state: MembershipState): string {
  const memberships = new Set(
    store.tables.memberships
      .filter((m) => store.tables.members.find((x) => x.id === m.memberId)?.operatorId === state.operator.id)
      .map((m) => m.id),
  );
  const inUse = (code: string) =>
    store.tables.keys.some(
      (k) =>
        memberships.has(k.membershipId) &&
        k.type === 'pin' &&
        k.code === code &&
        k.status === 'active' &&
        (k.validTo === null || k.validTo >= state.today),
    );
  let code = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    code = String(1_000_000 + (n! % 9_000_000));
    if (!inUse(code)) break;
  }
  return code;
}

/** A temporary PIN from today to `validTo`; every other PIN still in use ends today. */
function issueTemporaryPin(
  store: DemoStore,
  state: MembershipState,
  keys: readonly StoredKey[],
  origin: 'lost_chip' | 'forgotten_chip',
  validTo: string,
): StoredKey {
  endKeys(
    store,
    keys.filter((k) => k.type === 'pin' && k.status !== 'inactive').map((k) => k.id),
    state.today,
  );
  const row: KeyRow = {
    id: crypto.randomUUID(),
    membershipId: state.membership.id,
    type: 'pin',
    code: newPinCode(store, state),
    status: 'active',
    origin,
    validFrom: state.today,
    validTo,
    createdAt: store.now(),
    endedAt: null,
  };
  store.tables.keys.push(row);
  return keyAsOfToday(state, asKey(row));
}

export const accessHandlers = defineHandlers({
  /** Activates the chip with this code; the new chip ends the previous chip and every PIN in use. */
  activateChip({ store, auth, body }) {
    const code = normalizeChipCode(body.code);
    const { state, keys } = forAccess(store, auth.memberId);
    const existing = store.tables.keys.find((k) => k.type === 'rfid' && k.code === code);
    if (existing && existing.membershipId !== state.membership.id)
      throw accessRefusal(state, 'chip_already_assigned');
    const own = existing && keys.find((k) => k.id === existing.id);
    if (own?.status === 'active') return asActivated(own);

    const chipId = own?.id ?? crypto.randomUUID();
    if (own) {
      if (hasChipOrder(store, own.id)) throw accessRefusal(state, 'chip_reported_lost');
      Object.assign(existing!, { status: 'active', validFrom: state.today, validTo: null, endedAt: null });
    } else {
      store.tables.keys.push({
        ...newChipRow(state.membership.id, code, chipId, state.today, store.now()),
        endedAt: null,
      });
    }
    const { ended, event, answer } = chipActivated(state, keys, chipId, code);
    endKeys(store, ended, state.today);
    logMembershipChange(store, state, event.action, event.details);
    sendMessage(
      store,
      state.operator,
      state.member.id,
      chipActivatedMail(state.operator, state.member, code, state.today, ended.length > 0),
    );
    return answer;
  },

  /** Blocks the active chip, orders a replacement (fee 0) and sends a temporary PIN; a repeat does nothing. */
  reportLostChip({ store, auth, body }) {
    const code = normalizeChipCode(body.code);
    const { state, keys } = forAccess(store, auth.memberId);
    const chip = keys.find((k) => k.type === 'rfid' && k.code === code);
    if (chip?.status !== 'active') {
      if (chip && hasChipOrder(store, chip.id)) return;
      throw accessRefusal(state, 'key_not_assigned');
    }
    endKeys(store, [chip.id], state.today);
    const orderId = crypto.randomUUID();
    store.tables.chipOrders.push({
      id: orderId,
      membershipId: state.membership.id,
      lostKeyId: chip.id,
      fee: 0,
      createdAt: store.now(),
    });
    const validTo = temporaryPinValidTo(state.operator.temporaryPinValidity, state.today);
    const pin = issueTemporaryPin(store, state, keys, 'lost_chip', validTo);
    const event = lostChipEvent(chip.id, orderId, pin);
    logMembershipChange(store, state, event.action, event.details);
    const until = pin.valid_to ?? validTo;
    sendMessage(
      store,
      state.operator,
      state.member.id,
      lostChipPinSms(state.operator, state.member, pin.code, until),
    );
    sendMessage(
      store,
      state.operator,
      state.member.id,
      chipLostMail(state.operator, state.member, chip.code, state.today, until),
    );
  },

  /** A PIN for today (forgotten chip), billed with the operator's SMS fee; one a day. */
  temporaryPin({ store, auth }) {
    const { state, keys } = forAccess(store, auth.memberId);
    const asked = forgottenChipPin(state, keys);
    if ('earlier' in asked) return temporaryPinAnswer(state, asked.earlier, true);
    const pin = issueTemporaryPin(store, state, keys, 'forgotten_chip', asked.validTo);
    const { charges, event } = forgottenChipPinIssued(state, pin.id, asked.validTo);
    for (const charge of charges)
      scheduleCharge(store, { ...charge, memberId: state.member.id, operator: state.operator });
    logMembershipChange(store, state, event.action, event.details);
    sendMessage(
      store,
      state.operator,
      state.member.id,
      forgottenChipPinSms(
        state.operator,
        state.member,
        pin.code,
        state.today,
        state.operator.forgottenChipSmsFee,
      ),
    );
    return temporaryPinAnswer(state, pin, false);
  },
});
