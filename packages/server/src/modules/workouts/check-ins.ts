import { randomUUID } from 'node:crypto';
import type { DoorCheckIn, MembershipStatus, OperatorId } from '@portal/contract';
import {
  type CheckInCandidate,
  type CheckInRefusal,
  checkInCandidate,
  type DoorRefusal,
  decideCheckIn,
  getOperator,
  normalizeDoorCode,
  todayIn,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import * as repo from './repository.ts';

export interface CheckInDelivery {
  /** The door system's id, unique per club. */
  checkInId: string;
  /** A chip code or PIN as the door sent it. */
  code: string;
  at: Date;
}

export type CheckInOutcome = { counted: DoorCheckIn } | { refusal: DoorRefusal; status?: MembershipStatus };

interface Club {
  id: string;
  operatorId: string;
}

type Candidate = CheckInCandidate & { keyId: string; memberId: string };

/** The keys with these codes as domain rules read them, by code. */
async function candidatesByCode(ex: Executor, operatorId: string, codes: string[]) {
  const rows = await repo.findKeysByCode(ex, operatorId, codes);
  const freezes = await repo.listFreezePeriodsOf(ex, [...new Set(rows.map((r) => r.membership.id))]);
  const byCode = new Map<string, Candidate[]>();
  for (const row of rows) {
    byCode.set(row.key.code, [...(byCode.get(row.key.code) ?? []), checkInCandidate(row, freezes)]);
  }
  return byCode;
}

async function storedCheckIns(ex: Executor, club: Club, ids: string[]) {
  const rows = await repo.findCheckIns(ex, club.id, ids);
  return new Map(rows.map((r) => [r.checkInId, r]));
}

/**
 * Counts a club's check-ins: each one whose code was exactly one membership's working key
 * at that instant, with a status that trains (domain decideCheckIn). The door endpoint sends
 * one at a time and the demo seed a year at once, so both count by the same rule. A check-in
 * id already stored is answered as stored (also when a concurrent delivery stored it
 * first), never counted again; with another code or instant it is refused.
 */
export async function recordCheckIns(
  ex: Executor,
  club: Club,
  deliveries: readonly CheckInDelivery[],
  now: Date,
): Promise<CheckInOutcome[]> {
  const { timezone } = getOperator(club.operatorId as OperatorId);
  const sent = deliveries.map((d) => ({ ...d, code: normalizeDoorCode(d.code) }));
  const ids = [...new Set(sent.map((d) => d.checkInId))];
  const earlier = await storedCheckIns(ex, club, ids);
  const fresh = sent.filter((d) => !earlier.has(d.checkInId));
  const candidates = await candidatesByCode(ex, club.operatorId, [...new Set(fresh.map((d) => d.code))]);

  const refusals = new Map<CheckInDelivery, { refusal: CheckInRefusal; status?: MembershipStatus }>();
  const rows = fresh.flatMap((d) => {
    const attempt = { clubId: club.id, at: d.at, day: todayIn(timezone, d.at), now };
    const decision = decideCheckIn(candidates.get(d.code) ?? [], attempt);
    if ('refusal' in decision) {
      refusals.set(d, decision);
      return [];
    }
    const { keyId, membershipId, memberId } = decision.accepted;
    const { checkInId, at } = d;
    return [
      {
        id: randomUUID(),
        locationId: club.id,
        checkInId,
        memberId,
        membershipId,
        keyId,
        at,
        receivedAt: now,
      },
    ];
  });
  await repo.insertCheckIns(ex, rows);

  const stored = rows.length > 0 ? await storedCheckIns(ex, club, ids) : earlier;
  return sent.map((d): CheckInOutcome => {
    const found = stored.get(d.checkInId);
    // Not stored: refused (an accepted one is stored by this call or the concurrent one that won).
    if (!found) return refusals.get(d)!;
    if (found.keyCode !== d.code || found.at.getTime() !== d.at.getTime())
      return { refusal: 'check_in_id_reused' };
    return {
      counted: {
        check_in_id: found.checkInId,
        location_id: club.id,
        at: found.at.toISOString(),
        key_type: found.keyType,
      },
    };
  });
}
