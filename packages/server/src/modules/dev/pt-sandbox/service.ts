import type { OperatorId } from '@portal/contract';
import {
  bookingAnswer,
  cancelDeadline,
  cancellationTooLate,
  localizedText as text,
  packagesAnswer,
  purchaseAnswer,
  sandboxRefusal,
  slotAnswer,
} from '@portal/demo-data';
import { addDays, getOperator, type PtTokenClaims, todayIn } from '@portal/domain';
import type { Language } from '@portal/contract';
import type { Clock } from '../../../clock.ts';
import type { Db, Executor } from '../../../db/executor.ts';
import { billPtPackage } from '../../pt/billing.ts';
import * as repo from './repository.ts';
import { CANCEL_HOURS, offeredSlots, type Slot } from '@portal/domain';
import { randomUUID } from '../../../platform/crypto.ts';

export { languageFor } from '@portal/demo-data';

/**
 * The sandbox PT provider's use cases, each for the member and club a verified widget
 * token names. Writes run in one transaction under the provider's lock per member.
 */
export function createPtSandbox(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Sessions the member's club offers them from tomorrow, whatever is booked. */
  async function clubSlots(ex: Executor, claims: PtTokenClaims): Promise<Slot[]> {
    const club = await repo.findClub(ex, claims.club);
    if (!club) return [];
    const { timezone } = getOperator(claims.op as OperatorId);
    const today = todayIn(timezone, clock.now());
    const closures = await repo.listClosures(ex, club.id, addDays(today, 1), addDays(today, 15));
    const window = claims.win ?? { until: null, frozen: [] };
    return offeredSlots({ ...club, closures }, window, today, timezone);
  }

  return {
    /** GET packages: what the operator sells, in the asked language, and what the member has left. */
    async packages(claims: PtTokenClaims, language: Language) {
      const rows = await repo.listPackages(db, claims.op);
      return packagesAnswer(
        claims.op as OperatorId,
        await repo.remainingSessions(db, claims.sub),
        rows,
        language,
      );
    },

    /**
     * POST purchases: buys a package once per request id (a repeated request answers the
     * first purchase, `replayed: true`, and bills nothing), billed on the portal in the same
     * transaction. The portal may refuse (422: the member's status; 404: no PT).
     */
    async purchase(
      claims: PtTokenClaims,
      input: { package_id: string; request_id: string },
      language: Language,
      ex: Executor = db,
    ) {
      const run = async (tx: Executor) => {
        await repo.lockMember(tx, claims.sub);
        const earlier = await repo.findPurchase(tx, claims.sub, input.request_id);
        if (earlier) {
          if (earlier.packageId !== input.package_id) {
            throw sandboxRefusal('requestIdReused');
          }
          return {
            purchase: purchaseAnswer(earlier),
            remaining_sessions: await repo.remainingSessions(tx, claims.sub),
            replayed: true,
          };
        }
        const pkg = await repo.findPackage(tx, claims.op, input.package_id);
        if (!pkg) throw sandboxRefusal('noPackage');
        const row = {
          id: randomUUID(),
          memberId: claims.sub,
          packageId: pkg.id,
          sessions: pkg.sessions,
          amount: pkg.price,
          currency: pkg.currency,
          requestId: input.request_id,
          purchasedAt: clock.now(),
        };
        const invoiceId = await billPtPackage(tx, clock, claims.sub, {
          purchaseId: row.id,
          packageId: pkg.id,
          name: pkg.name,
          sessions: pkg.sessions,
          amount: pkg.price,
          currency: pkg.currency,
          language,
        });
        await repo.insertPurchase(tx, { ...row, invoiceId });
        return {
          purchase: purchaseAnswer({ ...row, invoiceId }),
          remaining_sessions: await repo.remainingSessions(tx, claims.sub),
          replayed: false,
        };
      };
      return ex === db ? db.transaction(run) : run(ex);
    },

    /** GET trainers: the active trainers of the member's club. */
    async trainers(claims: PtTokenClaims, language: Language) {
      const club = await repo.findClub(db, claims.club);
      const rows = await repo.listTrainers(db, claims.club);
      return {
        club: { id: claims.club, name: club?.name ?? '' },
        timezone: getOperator(claims.op as OperatorId).timezone,
        trainers: rows.map((t) => ({ id: t.id, name: t.name, focus: text(t.focus, language) })),
      };
    },

    /**
     * GET slots: one trainer's free sessions (not booked, and not when the member has one),
     * each with until when a booking of it could be cancelled: the first hours of tomorrow
     * are offered, but booked less than CANCEL_HOURS ahead they are binding.
     */
    async slots(claims: PtTokenClaims, trainerId: string) {
      const trainer = await repo.findTrainer(db, claims.club, trainerId);
      if (!trainer) throw sandboxRefusal('noTrainer');
      const offered = await clubSlots(db, claims);
      const free = offered.length ? await freeOf(db, claims, trainerId, offered) : [];
      return {
        trainer_id: trainerId,
        timezone: getOperator(claims.op as OperatorId).timezone,
        slots: free.map((slot) => slotAnswer(slot, clock.now())),
      };
    },

    /** GET bookings: the member's upcoming sessions, sessions left, and until when each can be cancelled. */
    async bookings(claims: PtTokenClaims, language: Language) {
      const now = clock.now();
      const rows = await repo.upcomingBookings(db, claims.sub, now);
      return {
        timezone: getOperator(claims.op as OperatorId).timezone,
        remaining_sessions: await repo.remainingSessions(db, claims.sub),
        cancel_hours: CANCEL_HOURS,
        bookings: rows.map(({ booking, trainer }) => bookingAnswer(booking, trainer, language, now)),
      };
    },

    /**
     * POST bookings: books one offered session with a trainer of the member's club, using
     * one of the member's sessions. 409 when the trainer's slot was taken (also by a
     * concurrent booking: the unique index decides) or the member has a session then.
     */
    async book(
      claims: PtTokenClaims,
      input: { trainer_id: string; starts_at: string },
      language: Language,
      ex: Executor = db,
    ) {
      const run = async (tx: Executor) => {
        await repo.lockMember(tx, claims.sub);
        const trainer = await repo.findTrainer(tx, claims.club, input.trainer_id);
        if (!trainer) throw sandboxRefusal('noTrainer');
        const startsAt = new Date(input.starts_at);
        const slot = (await clubSlots(tx, claims)).find((s) => s.startsAt.getTime() === startsAt.getTime());
        if (!slot) throw sandboxRefusal('slotNotOffered');
        if ((await repo.remainingSessions(tx, claims.sub)) < 1) {
          throw sandboxRefusal('noSessionsLeft');
        }
        const mine = await repo.bookedStarts(tx, { memberId: claims.sub }, slot.startsAt, slot.endsAt);
        if (mine.size > 0) throw sandboxRefusal('memberBusy');
        const row = {
          id: randomUUID(),
          memberId: claims.sub,
          trainerId: trainer.id,
          locationId: claims.club,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          createdAt: clock.now(),
        };
        if (!(await repo.insertBooking(tx, row))) {
          throw sandboxRefusal('slotTaken');
        }
        return {
          booking: bookingAnswer(row, trainer, language, clock.now()),
          remaining_sessions: await repo.remainingSessions(tx, claims.sub),
        };
      };
      return ex === db ? db.transaction(run) : run(ex);
    },

    /**
     * DELETE bookings/:id: cancels the member's booking until CANCEL_HOURS before it starts,
     * which gives the session back; later 422 cancellation_too_late. Another member's,
     * an unknown or an already cancelled booking is 404.
     */
    async cancel(claims: PtTokenClaims, bookingId: string) {
      return db.transaction(async (tx) => {
        await repo.lockMember(tx, claims.sub);
        const booking = await repo.findLiveBooking(tx, claims.sub, bookingId);
        if (!booking) throw sandboxRefusal('noBooking');
        const now = clock.now();
        const deadline = cancelDeadline(booking.startsAt);
        if (now >= deadline) {
          throw cancellationTooLate(deadline);
        }
        await repo.cancelBooking(tx, booking.id, now);
        return { id: booking.id, remaining_sessions: await repo.remainingSessions(tx, claims.sub) };
      });
    },

    clubSlots,
  };
}

/** The offered slots the trainer has free and the member has no session in. */
async function freeOf(
  ex: Executor,
  claims: PtTokenClaims,
  trainerId: string,
  offered: Slot[],
): Promise<Slot[]> {
  const from = offered[0]!.startsAt;
  const to = offered.at(-1)!.endsAt;
  const trainerTaken = await repo.bookedStarts(ex, { trainerId }, from, to);
  const memberTaken = await repo.bookedStarts(ex, { memberId: claims.sub }, from, to);
  return offered.filter(
    (s) => !trainerTaken.has(s.startsAt.getTime()) && !memberTaken.has(s.startsAt.getTime()),
  );
}

export type PtSandbox = ReturnType<typeof createPtSandbox>;
