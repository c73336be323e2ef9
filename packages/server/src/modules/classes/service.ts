import type {
  ClassBookingResult,
  ClassPolicy,
  ClassSession,
  ClassTimetable,
  ClassTimetableQuery,
  OperatorId,
} from '@portal/contract';
import {
  bookableFrom,
  type ClassSettings,
  classPromotionMessages,
  classReminderMail,
  classRefusal,
  classSessionState,
  decideClassBooking,
  getOperator,
  isLateCancellation,
  REMINDER_HOURS_BEFORE,
  todayIn,
  waitlistOpen,
} from '@portal/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/executor.ts';
import { classBookings } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { invalidRequest, notFound } from '../../http/errors.ts';
import { randomUUID } from '../../platform/crypto.ts';
import type { Log } from '../../platform/log.ts';
import { backgroundInterval } from '../../platform/time.ts';
import { loadMembershipState } from '../membership/state.ts';
import { findOpenClub } from '../occupancy/repository.ts';
import { bookingsCalendar } from './calendar.ts';
import * as repo from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often an instance looks for reminders to send. */
const REMINDER_POLL_MS = 60_000;
/** The longest window the timetable answers. */
export const MAX_TIMETABLE_DAYS = 14;

/** The operator's class settings; an operator without classes has no such calls (404). */
function settingsOf(operatorId: OperatorId): ClassSettings {
  const settings = getOperator(operatorId).classes;
  if (!settings) throw notFound('No classes.');
  return settings;
}

const policyView = (s: ClassSettings): ClassPolicy => ({
  booking_opens_days_ahead: s.bookingOpensDaysAhead,
  max_future_bookings: s.maxFutureBookings,
  late_cancellation_minutes: s.lateCancellationMinutes,
  waitlist_closes_minutes: s.waitlistClosesMinutes,
  late_cancellation_fee: s.lateCancellationFee,
});

/**
 * Group classes (docs/classes.md, ADR 044): the timetable, booking with a waitlist,
 * cancelling with the promotion of the next on the waitlist, the calendar file, reminders
 * and attendance. Every write locks the member's membership first, then the session.
 */
export function createClassesService(deps: AppDeps) {
  const { db, clock } = deps;

  /** A place given to the first on the waitlist, with their e-mail and SMS in the outbox. */
  async function promoteNext(ex: Executor, operatorId: OperatorId, session: repo.SessionRow, now: Date) {
    const next = await repo.firstWaitlisted(ex, session.session.id);
    if (!next) return;
    await ex
      .update(classBookings)
      .set({ status: 'booked', promotedAt: now })
      .where(eq(classBookings.id, next.id));
    const operator = getOperator(operatorId);
    const { mail, sms } = classPromotionMessages(operator, next.member, {
      className: session.class.name,
      clubName: session.location.name,
      startsAt: session.session.startsAt,
      room: session.session.room,
    });
    await deps.mailer.send(ex, { operatorId, to: next.member.email, subject: mail.subject, text: mail.text });
    const mobile = `${next.member.mobilePrefix}${next.member.mobileNumber}`.replace(/\s/g, '');
    if (next.member.mobileNumber) await deps.sms.send(ex, { operatorId, to: mobile, text: sms });
  }

  /**
   * Mails each booked member once, a few hours before their class: the booking is marked
   * reminded in the transaction that writes the mail to the outbox, so a second run (or
   * another instance, which skips the locked rows) sends nothing again.
   */
  async function remindDue(): Promise<number> {
    const now = clock.now();
    const until = new Date(now.getTime() + REMINDER_HOURS_BEFORE * 60 * 60 * 1000);
    return db.transaction(async (tx) => {
      const due = await repo.dueReminders(tx, now, until);
      for (const row of due) {
        const operatorId = row.operatorId as OperatorId;
        const mail = classReminderMail(getOperator(operatorId), row.member, {
          className: row.className,
          clubName: row.clubName,
          startsAt: row.session.startsAt,
          room: row.session.room,
        });
        await deps.mailer.send(tx, {
          operatorId,
          to: row.member.email,
          subject: mail.subject,
          text: mail.text,
        });
        await tx.update(classBookings).set({ remindedAt: now }).where(eq(classBookings.id, row.bookingId));
      }
      return due.length;
    });
  }

  return {
    async timetable(auth: AuthContext, query: ClassTimetableQuery): Promise<ClassTimetable> {
      const settings = settingsOf(auth.operatorId);
      const now = clock.now();
      const from = query.from ? new Date(query.from) : now;
      const to = query.to ? new Date(query.to) : new Date(from.getTime() + MAX_TIMETABLE_DAYS * DAY_MS);
      if (to <= from) throw invalidRequest('to', 'The end of the window must be after its start.');
      if (to.getTime() - from.getTime() > MAX_TIMETABLE_DAYS * DAY_MS)
        throw invalidRequest('to', `The window is at most ${MAX_TIMETABLE_DAYS} days.`);
      const today = todayIn(getOperator(auth.operatorId).timezone, now);
      // A club asked for by id is one of the operator's open clubs, else 404 (as its occupancy).
      if (query.location_id && !(await findOpenClub(db, auth.operatorId, query.location_id, today)))
        throw notFound('No such club.');
      const rows = await repo.listSessions(db, auth.operatorId, today, {
        from,
        to,
        ...(query.location_id ? { locationId: query.location_id } : {}),
      });
      const ids = rows.map((r) => r.session.id);
      const counts = await repo.countBookings(db, ids);
      const mine = new Map((await repo.myBookings(db, auth.memberId, ids)).map((b) => [b.sessionId, b]));
      const sessions = rows.map(({ session, class: cls, location }): ClassSession => {
        const { booked, waitlisted } = counts.get(session.id) ?? { booked: 0, waitlisted: 0 };
        const my = mine.get(session.id);
        return {
          id: session.id,
          class_id: cls.id,
          class_name: cls.name,
          description: cls.description,
          intensity: cls.intensity,
          starts_at: session.startsAt.toISOString(),
          ends_at: session.endsAt.toISOString(),
          location_id: session.locationId,
          location_name: location.name,
          room: session.room,
          instructor: session.instructor,
          capacity: session.capacity,
          booked,
          waitlisted,
          bookable_from: bookableFrom(session, settings).toISOString(),
          state: classSessionState(session, booked, now, settings),
          my_booking: my ? { status: my.status, position: my.position } : null,
        };
      });
      return { policy: policyView(settings), sessions };
    },

    async book(auth: AuthContext, sessionId: string): Promise<ClassBookingResult> {
      const settings = settingsOf(auth.operatorId);
      return db.transaction(async (tx) => {
        // Lock order (ADR 033, 044): the membership, then the session.
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        const session = await repo.findSession(tx, auth.operatorId, state.today, sessionId);
        if (!session) throw notFound('No such class.');
        await repo.lockSession(tx, sessionId);
        const now = clock.now();
        const [existing] = await repo.myBookings(tx, auth.memberId, [sessionId]);
        if (existing) return { status: existing.status, position: existing.position };
        const upcoming = (await repo.upcomingOf(tx, auth.memberId, now, ['booked', 'waitlisted'])).map(
          (u) => u.session,
        );
        const counts = (await repo.countBookings(tx, [sessionId])).get(sessionId) ?? {
          booked: 0,
          waitlisted: 0,
        };
        const status = decideClassBooking(
          { status: state.status, session: session.session, now, booked: counts.booked, upcoming },
          settings,
        );
        const id = randomUUID();
        await tx.insert(classBookings).values({
          id,
          sessionId,
          memberId: auth.memberId,
          status,
          queue: await repo.nextQueue(tx, sessionId),
          createdAt: now,
        });
        if (status === 'booked') return { status, position: null };
        const [mine] = await repo.myBookings(tx, auth.memberId, [sessionId]);
        return { status, position: mine?.position ?? counts.waitlisted + 1 };
      });
    },

    async cancel(auth: AuthContext, sessionId: string): Promise<void> {
      const settings = settingsOf(auth.operatorId);
      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        const session = await repo.findSession(tx, auth.operatorId, state.today, sessionId);
        if (!session) throw notFound('No such class.');
        await repo.lockSession(tx, sessionId);
        const now = clock.now();
        const [mine] = await repo.myBookings(tx, auth.memberId, [sessionId]);
        if (!mine) throw notFound('No booking for this class.');
        if (now >= session.session.startsAt) throw classRefusal('class_started');
        const late = mine.status === 'booked' && isLateCancellation(session.session, now, settings);
        await tx
          .update(classBookings)
          .set({ status: 'cancelled', cancelledAt: now, lateCancellation: late })
          .where(and(eq(classBookings.id, mine.id), ne(classBookings.status, 'cancelled')));
        if (mine.status === 'booked' && waitlistOpen(session.session, now, settings))
          await promoteNext(tx, auth.operatorId, session, now);
      });
    },

    /** The member's future bookings, or only the one of `sessionId`, as an iCalendar file. */
    async calendar(auth: AuthContext, host: string, sessionId?: string): Promise<string> {
      settingsOf(auth.operatorId);
      const operator = getOperator(auth.operatorId);
      const now = clock.now();
      const upcoming = await repo.upcomingOf(db, auth.memberId, now, ['booked']);
      const rows = sessionId ? upcoming.filter((r) => r.session.id === sessionId) : upcoming;
      if (sessionId && rows.length === 0) throw notFound('No booking for this class.');
      return bookingsCalendar(
        rows.map((r) => ({
          sessionId: r.session.id,
          className: r.class.name,
          description: r.class.description,
          startsAt: r.session.startsAt,
          endsAt: r.session.endsAt,
          room: r.session.room,
          instructor: r.session.instructor,
          club: { name: r.location.name, address: r.location.address },
        })),
        { brand: operator.brand, timezone: operator.timezone, host, now },
      );
    },

    /** The reminders due now (see remindDue above). */
    remindDue,

    /** Looks for due reminders every minute in this instance (app.ts, the demo's host); returns the stop. */
    startReminders(log: Log): () => void {
      const timer = backgroundInterval(() => {
        remindDue().catch((error: unknown) => log.warn({ err: error }, 'class reminders failed'));
      }, REMINDER_POLL_MS);
      return () => clearInterval(timer);
    },
  };
}

export type ClassesService = ReturnType<typeof createClassesService>;
