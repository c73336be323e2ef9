import type { Occupancy } from '@portal/contract';
import {
  DEFAULT_CLUB_CAPACITY,
  DEFAULT_VISIT_MINUTES,
  getOperator,
  occupancyLevel,
  TYPICAL_WEEKS,
  todayIn,
  typicalLevels,
} from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import * as repo from './repository.ts';

/** How long one club's answer is reused: every member's home asks, a minute late is fine. */
export const OCCUPANCY_CACHE_MS = 60_000;

/**
 * How busy a club is (docs/access-and-pins.md, "How busy a club is"): counted in SQL from the
 * check-ins, cached per club for a minute in this instance.
 */
export function createOccupancyService(deps: AppDeps) {
  const { db, clock } = deps;
  const cache = new Map<string, { until: number; value: Occupancy }>();

  return {
    async get(auth: AuthContext, clubId: string): Promise<Occupancy> {
      const now = clock.now();
      const { timezone } = getOperator(auth.operatorId);
      const today = todayIn(timezone, now);
      const club = await repo.findOpenClub(db, auth.operatorId, clubId, today);
      if (!club) throw notFound('No such club.');
      const cached = cache.get(club.id);
      if (cached && cached.until > now.getTime()) return cached.value;

      const capacity = club.capacity ?? DEFAULT_CLUB_CAPACITY;
      const minutes = club.visitMinutes ?? DEFAULT_VISIT_MINUTES;
      const current = await repo.presentMembers(db, club.id, now, minutes);
      const counts = await repo.checkInsPerHour(db, club.id, timezone, today, TYPICAL_WEEKS);
      const value: Occupancy = {
        location_id: club.id,
        current,
        capacity,
        level: occupancyLevel(current, capacity),
        updated_at: now.toISOString(),
        typical: typicalLevels(counts, TYPICAL_WEEKS, minutes, capacity),
      };
      cache.set(club.id, { until: now.getTime() + OCCUPANCY_CACHE_MS, value });
      return value;
    },
  };
}

export type OccupancyService = ReturnType<typeof createOccupancyService>;
