import {
  ApiError,
  invalidRequest,
  type Language,
  notFound,
  type OperatorId,
  PT_SANDBOX_BASE,
} from '@portal/contract';
import {
  addDays,
  CANCEL_HOURS,
  getOperator,
  offeredSlots,
  type Slot,
  isOperatorId,
  localizedRefusal,
  type PtTokenClaims,
  ptStatusErrors,
  ptTexts,
  todayIn,
  verifyPtToken,
} from '@portal/domain';
import type { z } from 'zod';
import { scheduleCharge } from '../membership/billing.ts';
import { logMembershipChange } from '../membership/events.ts';
import { loadMembershipState } from '../membership/state.ts';
import { checkInput } from '../input.ts';
import type { DemoStore } from '../store.ts';
import {
  BookingBody,
  BookingParams,
  bookingAnswer,
  cancelDeadline,
  cancellationTooLate,
  DEMO_PT_WIDGET_KEY,
  languageFor,
  localizedText as text,
  packagesAnswer,
  PurchaseBody,
  purchaseAnswer,
  SlotsQuery,
  sandboxRefusal,
  slotAnswer,
  tokenRefusal,
} from '@portal/demo-data';

// The sandbox PT provider's API (server: modules/dev/pt-sandbox) on the demo's tables, for
// the widget script the demo serves: same token check, input checks, answers and refusals.

export interface SandboxAnswer {
  status: number;
  body: unknown;
}

type Tables = DemoStore['tables'];

/** Sessions bought less sessions booked (a cancelled booking gives its session back). */
function remainingSessions(t: Tables, memberId: string): number {
  const bought = t.ptPurchases.filter((p) => p.memberId === memberId).reduce((sum, p) => sum + p.sessions, 0);
  return bought - t.ptBookings.filter((b) => b.memberId === memberId && b.cancelledAt === null).length;
}

/** Sessions the member's club offers them from tomorrow, whatever is booked. */
function clubSlots(store: DemoStore, claims: PtTokenClaims): Slot[] {
  const club = store.tables.locations.find((l) => l.id === claims.club);
  if (!club) return [];
  const { timezone } = getOperator(claims.op);
  const today = todayIn(timezone, store.now());
  const [from, to] = [addDays(today, 1), addDays(today, 15)];
  const closures = store.tables.clubClosures
    .filter((c) => c.locationId === club.id && c.endDate >= from && c.beginDate <= to)
    .map((c) => ({ from: c.beginDate, to: c.endDate }));
  return offeredSlots({ ...club, closures }, claims.win ?? { until: null, frozen: [] }, today, timezone);
}

/** Starts of the live bookings of a trainer, or of a member, in [from, to). */
function bookedStarts(t: Tables, by: { trainerId: string } | { memberId: string }, from: Date, to: Date) {
  return new Set(
    t.ptBookings
      .filter(
        (b) =>
          ('trainerId' in by ? b.trainerId === by.trainerId : b.memberId === by.memberId) &&
          b.cancelledAt === null &&
          b.startsAt >= from &&
          b.startsAt < to,
      )
      .map((b) => b.startsAt.getTime()),
  );
}

const findTrainer = (t: Tables, club: string, id: string) =>
  t.ptTrainers.find((x) => x.id === id && x.locationId === club && x.active);

/** The portal's side of a purchase (server: pt/billing.ts billPtPackage), in the purchase's transaction. */
function billPtPackage(
  store: DemoStore,
  memberId: string,
  sale: { purchaseId: string; pkg: Tables['ptPackages'][number]; language: Language },
): string {
  const state = loadMembershipState(store, memberId);
  if (!state.operator.ptEnabled) throw notFound('Personal training is not offered here.');
  const errors = ptStatusErrors(state.status, state.facts);
  if (errors.length) throw localizedRefusal(ptTexts, sale.language, errors);
  const { pkg } = sale;
  if (pkg.currency !== state.operator.currency)
    throw new Error(`PT package ${pkg.id} is priced in ${pkg.currency}, not ${state.operator.currency}`);
  const invoiceId = scheduleCharge(store, {
    memberId,
    operator: state.operator,
    invoiceDate: state.today,
    amount: pkg.price,
    type: 'add_on_fee',
    systemConcept: 'pt_package',
    productId: sale.purchaseId,
    concept: pkg.name[sale.language] ?? pkg.name.en,
    period: null,
  });
  logMembershipChange(store, state, 'pt_package_purchased', {
    purchase_id: sale.purchaseId,
    package_id: pkg.id,
    sessions: pkg.sessions,
    amount: pkg.price,
    invoice_id: invoiceId,
  });
  return invoiceId;
}

/** The sandbox's use cases for the member and club a checked token names. */
const sandbox = {
  packages(store: DemoStore, claims: PtTokenClaims, language: Language): SandboxAnswer {
    const t = store.tables;
    const rows = t.ptPackages
      .filter((p) => p.operatorId === claims.op && p.active)
      .sort((a, b) => a.position - b.position);
    return { status: 200, body: packagesAnswer(claims.op, remainingSessions(t, claims.sub), rows, language) };
  },

  purchase(
    store: DemoStore,
    claims: PtTokenClaims,
    input: z.output<typeof PurchaseBody>,
    language: Language,
  ) {
    const t = store.tables;
    const earlier = t.ptPurchases.find((p) => p.memberId === claims.sub && p.requestId === input.request_id);
    if (earlier) {
      if (earlier.packageId !== input.package_id) throw sandboxRefusal('requestIdReused');
      const body = {
        purchase: purchaseAnswer(earlier),
        remaining_sessions: remainingSessions(t, claims.sub),
        replayed: true,
      };
      return { status: 200, body };
    }
    const pkg = t.ptPackages.find((p) => p.id === input.package_id && p.operatorId === claims.op && p.active);
    if (!pkg) throw sandboxRefusal('noPackage');
    const id = crypto.randomUUID();
    const invoiceId = billPtPackage(store, claims.sub, { purchaseId: id, pkg, language });
    const row = {
      id,
      memberId: claims.sub,
      packageId: pkg.id,
      sessions: pkg.sessions,
      amount: pkg.price,
      currency: pkg.currency,
      requestId: input.request_id,
      purchasedAt: store.now(),
      invoiceId,
    };
    t.ptPurchases.push(row);
    const body = {
      purchase: purchaseAnswer(row),
      remaining_sessions: remainingSessions(t, claims.sub),
      replayed: false,
    };
    return { status: 201, body };
  },

  trainers(store: DemoStore, claims: PtTokenClaims, language: Language): SandboxAnswer {
    const t = store.tables;
    const club = t.locations.find((l) => l.id === claims.club);
    const rows = t.ptTrainers
      .filter((x) => x.locationId === claims.club && x.active)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return {
      status: 200,
      body: {
        club: { id: claims.club, name: club?.name ?? '' },
        timezone: getOperator(claims.op).timezone,
        trainers: rows.map((x) => ({ id: x.id, name: x.name, focus: text(x.focus, language) })),
      },
    };
  },

  slots(store: DemoStore, claims: PtTokenClaims, trainerId: string): SandboxAnswer {
    const t = store.tables;
    if (!findTrainer(t, claims.club, trainerId)) throw sandboxRefusal('noTrainer');
    const offered = clubSlots(store, claims);
    let free: Slot[] = [];
    if (offered.length) {
      const [from, to] = [offered[0]!.startsAt, offered.at(-1)!.endsAt];
      const trainerTaken = bookedStarts(t, { trainerId }, from, to);
      const memberTaken = bookedStarts(t, { memberId: claims.sub }, from, to);
      free = offered.filter(
        (s) => !trainerTaken.has(s.startsAt.getTime()) && !memberTaken.has(s.startsAt.getTime()),
      );
    }
    return {
      status: 200,
      body: {
        trainer_id: trainerId,
        timezone: getOperator(claims.op).timezone,
        slots: free.map((slot) => slotAnswer(slot, store.now())),
      },
    };
  },

  bookings(store: DemoStore, claims: PtTokenClaims, language: Language): SandboxAnswer {
    const t = store.tables;
    const now = store.now();
    const rows = t.ptBookings
      .filter((b) => b.memberId === claims.sub && b.cancelledAt === null && b.endsAt > now)
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    return {
      status: 200,
      body: {
        timezone: getOperator(claims.op).timezone,
        remaining_sessions: remainingSessions(t, claims.sub),
        cancel_hours: CANCEL_HOURS,
        bookings: rows.map((b) =>
          bookingAnswer(b, t.ptTrainers.find((x) => x.id === b.trainerId)!, language, now),
        ),
      },
    };
  },

  book(store: DemoStore, claims: PtTokenClaims, input: z.output<typeof BookingBody>, language: Language) {
    const t = store.tables;
    const trainer = findTrainer(t, claims.club, input.trainer_id);
    if (!trainer) throw sandboxRefusal('noTrainer');
    const startsAt = new Date(input.starts_at);
    const slot = clubSlots(store, claims).find((s) => s.startsAt.getTime() === startsAt.getTime());
    if (!slot) throw sandboxRefusal('slotNotOffered');
    if (remainingSessions(t, claims.sub) < 1) throw sandboxRefusal('noSessionsLeft');
    if (bookedStarts(t, { memberId: claims.sub }, slot.startsAt, slot.endsAt).size > 0)
      throw sandboxRefusal('memberBusy');
    // The server's unique index on a trainer's live slot.
    if (bookedStarts(t, { trainerId: trainer.id }, slot.startsAt, slot.endsAt).size > 0)
      throw sandboxRefusal('slotTaken');
    const row = {
      id: crypto.randomUUID(),
      memberId: claims.sub,
      trainerId: trainer.id,
      locationId: claims.club,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      createdAt: store.now(),
      cancelledAt: null,
    };
    t.ptBookings.push(row);
    const body = {
      booking: bookingAnswer(row, trainer, language, store.now()),
      remaining_sessions: remainingSessions(t, claims.sub),
    };
    return { status: 201, body };
  },

  cancel(store: DemoStore, claims: PtTokenClaims, bookingId: string): SandboxAnswer {
    const t = store.tables;
    const booking = t.ptBookings.find(
      (b) => b.id === bookingId && b.memberId === claims.sub && b.cancelledAt === null,
    );
    if (!booking) throw sandboxRefusal('noBooking');
    const now = store.now();
    const deadline = cancelDeadline(booking.startsAt);
    if (now >= deadline) throw cancellationTooLate(deadline);
    booking.cancelledAt = now;
    return { status: 200, body: { id: booking.id, remaining_sessions: remainingSessions(t, claims.sub) } };
  },
};

async function bodyOf(request: Request): Promise<unknown> {
  const raw = await request.text();
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidRequest('body', 'The request body is not valid JSON.');
  }
}

/** The token first, as the server's onRequest hook: a bad token is a 401 whatever the body. */
async function claimsOf(
  store: DemoStore,
  request: Request,
  widget: PtTokenClaims['wid'],
): Promise<PtTokenClaims> {
  const match = /^Bearer ([\w.-]+)$/.exec(request.headers.get('authorization') ?? '');
  if (!match) throw tokenRefusal('missing');
  const checked = await verifyPtToken(DEMO_PT_WIDGET_KEY, match[1]!, widget, store.now());
  if (!checked.ok) throw tokenRefusal(checked.reason);
  if (!isOperatorId(checked.claims.op) || !getOperator(checked.claims.op as OperatorId).ptEnabled)
    throw tokenRefusal('operator');
  return checked.claims;
}

/**
 * Answers one call of the sandbox API (`<anything>/api/dev/pt/v1/...`) from the demo's
 * store; a purchase or booking that fails leaves the tables as they were.
 */
export async function ptSandboxRespond(store: DemoStore, request: Request): Promise<SandboxAnswer> {
  const url = new URL(request.url);
  const at = url.pathname.indexOf(`${PT_SANDBOX_BASE}/v1/`);
  const route = at < 0 ? '' : url.pathname.slice(at + PT_SANDBOX_BASE.length + 4);
  const query = Object.fromEntries(url.searchParams);
  const method = request.method.toUpperCase();
  // One transaction per write, as on the server.
  const saved = method === 'GET' ? null : structuredClone({ tables: store.tables, outbox: store.outbox });
  try {
    const language = (claims: PtTokenClaims) => languageFor(request.headers.get('accept-language'), claims);
    if (method === 'GET' && route === 'packages') {
      const claims = await claimsOf(store, request, 'package_buy');
      return sandbox.packages(store, claims, language(claims));
    }
    if (method === 'POST' && route === 'purchases') {
      const claims = await claimsOf(store, request, 'package_buy');
      return sandbox.purchase(
        store,
        claims,
        checkInput(PurchaseBody, await bodyOf(request), 'body'),
        language(claims),
      );
    }
    if (method === 'GET' && route === 'trainers') {
      const claims = await claimsOf(store, request, 'booking');
      return sandbox.trainers(store, claims, language(claims));
    }
    if (method === 'GET' && route === 'slots') {
      const claims = await claimsOf(store, request, 'booking');
      return sandbox.slots(store, claims, checkInput(SlotsQuery, query, 'query').trainer_id);
    }
    if (method === 'GET' && route === 'bookings') {
      const claims = await claimsOf(store, request, 'booking');
      return sandbox.bookings(store, claims, language(claims));
    }
    if (method === 'POST' && route === 'bookings') {
      const claims = await claimsOf(store, request, 'booking');
      return sandbox.book(
        store,
        claims,
        checkInput(BookingBody, await bodyOf(request), 'body'),
        language(claims),
      );
    }
    const cancel = /^bookings\/([^/]*)$/.exec(route);
    if (method === 'DELETE' && cancel) {
      const claims = await claimsOf(store, request, 'booking');
      const { id } = checkInput(BookingParams, { id: decodeURIComponent(cancel[1]!) }, 'params');
      return sandbox.cancel(store, claims, id);
    }
    throw notFound();
  } catch (error) {
    if (saved) {
      store.tables = saved.tables;
      store.outbox = saved.outbox;
    }
    if (error instanceof ApiError) return { status: error.body.status, body: error.body };
    throw error;
  }
}
