import type { Key } from '@portal/contract';
import { asKey, keyAsOfToday, keysToday } from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';
import { listKeys } from '../membership/repository.ts';
import type { MembershipState } from '../membership/state.ts';
import { randomInt, randomUUID } from '../../platform/crypto.ts';
import * as repo from './repository.ts';

export type StoredKey = Key & { id: string; origin: repo.KeyRow['origin'] };

/** A stored key as the contract shows it (a domain rule). */
export { asKey } from '@portal/domain';

/** One key as it stands today for this membership (a domain rule). */
export { keyAsOfToday } from '@portal/domain';

/** The membership's keys as they stand today (derived, ADR 004), newest first, with their ids. */
export async function currentKeys(ex: Executor, state: MembershipState): Promise<StoredKey[]> {
  const rows = await listKeys(ex, state.membership.id);
  const keys = rows.map((row) => ({ ...asKey(row), id: row.id, origin: row.origin }));
  return keysToday(keys, state.facts, state.status, state.today);
}

/**
 * Seven random digits (no leading zero, so nothing is lost when typed), not the code of
 * another active PIN of the operator; a few tries make a clash practically impossible.
 */
async function newPinCode(ex: Executor, state: MembershipState): Promise<string> {
  let code = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    code = String(randomInt(1_000_000, 10_000_000));
    if (!(await repo.isPinInUse(ex, state.operator.id, code, state.today))) break;
  }
  return code;
}

/**
 * Issues a temporary PIN from today to `validTo`; every other PIN still in use ends today,
 * so the member has one PIN at a time and the newest one is the one that works.
 */
export async function issueTemporaryPin(
  ex: Executor,
  clock: Clock,
  state: MembershipState,
  keys: readonly StoredKey[],
  origin: 'lost_chip' | 'forgotten_chip',
  validTo: string,
): Promise<StoredKey> {
  await repo.endKeys(
    ex,
    keys.filter((k) => k.type === 'pin' && k.status !== 'inactive').map((k) => k.id),
    state.today,
    clock.now(),
  );
  const pin = {
    id: randomUUID(),
    type: 'pin' as const,
    code: await newPinCode(ex, state),
    status: 'active' as const,
    origin,
    validFrom: state.today,
    validTo,
  };
  await repo.insertKey(ex, { ...pin, membershipId: state.membership.id, createdAt: clock.now() });
  const { id, type, code, status } = pin;
  return keyAsOfToday(state, { id, origin, type, code, status, valid_from: state.today, valid_to: validTo });
}
