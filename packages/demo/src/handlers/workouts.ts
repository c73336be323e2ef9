import { type DoorCheckIn, type MembershipStatus, ruleViolation, unauthorized } from '@portal/contract';
import {
  countWorkouts,
  DOOR_CLUB_UNKNOWN,
  DOOR_KEY_REQUIRED,
  DOOR_REFUSAL_TEXTS,
  getOperator,
  normalizeDoorCode,
} from '@portal/domain';
import { demoDoorClubIds, demoDoorKey } from '@portal/demo-data';
import { defineHandlers } from '../handler.ts';
import { storeCheckIn } from '../membership/door.ts';
import type { DemoStore } from '../store.ts';

const BEARER = /^Bearer +(\S{1,512}) *$/i;

let demoKeys: Promise<Map<string, string>> | undefined;

/** The seeded clubs by their demo key (the server's DOOR_KEYS demo keys), derived once. */
function clubsByKey(): Promise<Map<string, string>> {
  demoKeys ??= Promise.all(demoDoorClubIds().map(async (id) => [await demoDoorKey(id), id] as const)).then(
    (pairs) => new Map(pairs),
  );
  return demoKeys;
}

/** The stored check-in of a club by the door's id, with its key (server: findCheckIns). */
function stored(store: DemoStore, clubId: string, checkInId: string) {
  const row = store.tables.checkIns.find((c) => c.locationId === clubId && c.checkInId === checkInId);
  const key = row && store.tables.keys.find((k) => k.id === row.keyId);
  return row && key ? { at: row.at, keyType: key.type, keyCode: key.code } : undefined;
}

/**
 * One delivery as the server's recordCheckIns judges it: an id already stored is answered as
 * stored (or refused when the code or instant differs), else domain decideCheckIn decides and
 * a repeat within the anti-passback window is accepted with `counted: false`.
 */
function recordCheckIn(
  store: DemoStore,
  club: { id: string; operatorId: string },
  delivery: { checkInId: string; code: string; at: Date },
): { counted: DoorCheckIn } | { refusal: keyof typeof DOOR_REFUSAL_TEXTS; status?: MembershipStatus } {
  const code = normalizeDoorCode(delivery.code);
  const now = store.now();
  let found = stored(store, club.id, delivery.checkInId);
  if (!found) {
    const decision = storeCheckIn(store.tables, club, delivery, now);
    if ('refusal' in decision) return decision;
    if (decision.repeat) {
      // Accepted (the door opens), not a second workout, not stored.
      const at = delivery.at.toISOString();
      const { checkInId: check_in_id } = delivery;
      return {
        counted: {
          check_in_id,
          location_id: club.id,
          at,
          key_type: decision.accepted.key.type,
          counted: false,
        },
      };
    }
    found = stored(store, club.id, delivery.checkInId)!;
  }
  if (found.keyCode !== code || found.at.getTime() !== delivery.at.getTime())
    return { refusal: 'check_in_id_reused' };
  return {
    counted: {
      check_in_id: delivery.checkInId,
      location_id: club.id,
      at: found.at.toISOString(),
      key_type: found.keyType,
      counted: true,
    },
  };
}

export const workoutsHandlers = defineHandlers({
  /** GET /v2/workouts: the member's check-ins counted by domain countWorkouts (the server's SQL rule). */
  workouts: ({ store, auth }) => {
    const { timezone } = getOperator(auth.operatorId);
    const instants = store.tables.checkIns.filter((c) => c.memberId === auth.memberId).map((c) => c.at);
    return countWorkouts(instants, timezone, store.now());
  },

  /**
   * POST /v1/door/check_ins with a seeded club's demo key (the keys the server accepts
   * outside production). Unlike the server, the body is checked before the key (the demo's
   * respond checks input first) and nothing is rate-limited: no door system calls a demo.
   */
  doorCheckIn: async ({ store, body, request }) => {
    const match = BEARER.exec(request.headers.get('authorization') ?? '');
    const clubId = match ? (await clubsByKey()).get(match[1]!) : undefined;
    if (!clubId) throw unauthorized(DOOR_KEY_REQUIRED);
    const club = store.tables.locations.find((l) => l.id === clubId);
    if (!club) throw unauthorized(DOOR_CLUB_UNKNOWN);
    const outcome = recordCheckIn(store, club, {
      checkInId: body.check_in_id,
      code: body.code,
      at: new Date(body.at),
    });
    if ('counted' in outcome) return outcome.counted;
    const { refusal, status } = outcome;
    throw ruleViolation(refusal, DOOR_REFUSAL_TEXTS[refusal], status ? { status } : undefined);
  },
});
