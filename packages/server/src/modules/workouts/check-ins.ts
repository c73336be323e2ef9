import type { DoorCheckIn, MembershipStatus, OperatorId } from '@portal/contract';
import {
  type CheckInCandidate,
  CHECK_IN_REPEAT_WINDOW_MS,
  checkInCandidate,
  type DoorRefusal,
  decideCheckIn,
  getOperator,
  isRepeatCheckIn,
  normalizeDoorCode,
  todayIn,
} from '@portal/domain';
import type { Executor } from '../../db/executor.ts';
import type { checkIns } from '../../db/schema.ts';
import * as repo from './repository.ts';
import { markAttended } from '../classes/attendance.ts';
import { randomUUID } from '../../platform/crypto.ts';

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
 * at that instant, with a status that trains (domain decideCheckIn), and that does not
 * repeat a check-in of the same member less than five minutes apart at any club (domain
 * isRepeatCheckIn: accepted, `counted: false`, not stored). Runs inside the caller's
 * transaction: the accepted members are locked before their stored check-ins are read, so
 * of two concurrent repeats only one counts. The door endpoint sends one at a time and the
 * demo seed a year at once, so both count by the same rule. A check-in id already stored is
 * answered as stored (also when a concurrent delivery stored it first), never counted
 * again; with another code or instant it is refused.
 */
export async function recordCheckIns(
  tx: Executor,
  club: Club,
  deliveries: readonly CheckInDelivery[],
  now: Date,
): Promise<CheckInOutcome[]> {
  const { timezone } = getOperator(club.operatorId as OperatorId);
  const sent = deliveries.map((d) => ({ ...d, code: normalizeDoorCode(d.code) }));
  const ids = [...new Set(sent.map((d) => d.checkInId))];
  const candidates = await candidatesByCode(tx, club.operatorId, [...new Set(sent.map((d) => d.code))]);
  const decisions = new Map(
    sent.map((d) => {
      const attempt = { clubId: club.id, at: d.at, day: todayIn(timezone, d.at), now };
      return [d, decideCheckIn(candidates.get(d.code) ?? [], attempt)] as const;
    }),
  );
  const accepted = sent.flatMap((d) => {
    const decision = decisions.get(d)!;
    return 'accepted' in decision ? [{ delivery: d, candidate: decision.accepted }] : [];
  });

  // Everything read from here on is read under the members' locks.
  const memberIds = [...new Set(accepted.map((a) => a.candidate.memberId))];
  await repo.lockMembersCheckIns(tx, memberIds);
  const earlier = await storedCheckIns(tx, club, ids);
  const counted = await countedCheckIns(
    tx,
    memberIds,
    accepted.map((a) => a.delivery.at),
  );

  const repeats = new Set<CheckInDelivery>();
  const rows: (typeof checkIns.$inferInsert)[] = [];
  const inBatch = new Set<string>();
  for (const { delivery: d, candidate } of [...accepted].sort(
    (a, b) => a.delivery.at.getTime() - b.delivery.at.getTime(),
  )) {
    // Stored already (a repeated delivery): answered as stored below, never judged again.
    if (earlier.has(d.checkInId) || inBatch.has(d.checkInId)) continue;
    const { keyId, membershipId, memberId } = candidate;
    const instants = counted.get(memberId) ?? [];
    if (isRepeatCheckIn(d.at, instants)) {
      repeats.add(d);
      continue;
    }
    counted.set(memberId, [...instants, d.at]);
    inBatch.add(d.checkInId);
    const { checkInId, at } = d;
    rows.push({
      id: randomUUID(),
      locationId: club.id,
      checkInId,
      memberId,
      membershipId,
      keyId,
      at,
      receivedAt: now,
    });
  }
  await repo.insertCheckIns(tx, rows);
  // A counted check-in within a booked class's time marks it attended (docs/classes.md).
  await markAttended(
    tx,
    club.id,
    rows.map((r) => ({ memberId: r.memberId, at: r.at })),
  );

  const stored = rows.length > 0 ? await storedCheckIns(tx, club, ids) : earlier;
  return sent.map((d): CheckInOutcome => {
    const found = stored.get(d.checkInId);
    if (!found) {
      const decision = decisions.get(d)!;
      if ('refusal' in decision) return decision;
      if (!repeats.has(d)) return { refusal: 'check_in_id_reused' }; // an id twice in one batch
      // A repeat: the door opens, the workout was counted by the first one.
      return {
        counted: {
          check_in_id: d.checkInId,
          location_id: club.id,
          at: d.at.toISOString(),
          key_type: decision.accepted.key.type,
          counted: false,
        },
      };
    }
    if (found.keyCode !== d.code || found.at.getTime() !== d.at.getTime())
      return { refusal: 'check_in_id_reused' };
    return {
      counted: {
        check_in_id: found.checkInId,
        location_id: club.id,
        at: found.at.toISOString(),
        key_type: found.keyType,
        counted: true,
      },
    };
  });
}

/** The members' stored check-ins within the repeat window of these instants, by member. */
async function countedCheckIns(tx: Executor, memberIds: string[], instants: Date[]) {
  const byMember = new Map<string, Date[]>();
  if (memberIds.length === 0) return byMember;
  const times = instants.map((at) => at.getTime());
  const from = new Date(Math.min(...times) - CHECK_IN_REPEAT_WINDOW_MS);
  const to = new Date(Math.max(...times) + CHECK_IN_REPEAT_WINDOW_MS);
  for (const row of await repo.checkInsOfMembersBetween(tx, memberIds, from, to)) {
    byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row.at]);
  }
  return byMember;
}
