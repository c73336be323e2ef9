import { type ImportDocumentInput, type ImportKey, importEntities, type OperatorId } from '@portal/contract';
import {
  addDays,
  addMonths,
  canTrain,
  daysInclusive,
  deriveStatus,
  endOfMonth,
  firstOfNextMonth,
  getOperator,
  type IsoDate,
  importedClubValues,
  maxDate,
  type MembershipFacts,
  type MembershipIds,
  minDate,
  operatorIds,
  startOfMonth,
  todayIn,
} from '@portal/domain';
import type * as t from '@portal/db-schema';
import { demoTimetable } from './classes.ts';
import { contentRows } from './content.ts';
import { ptRows } from './pt.ts';
import { demoUsername, operatorSeeds, PERSONAS, type Persona, productPresentation } from './seed-data.ts';

/*
 * The demo data (docs/demo.md): what the server's seed stores, in the browser's demo too.
 * Every row is relative to `now` (dates in each operator's timezone) and complete as the
 * table stores it. Clubs, products, promotions, members, keys and freezes are an import
 * document (they go through the import); check-ins are door deliveries, counted by the
 * door's rule.
 */

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/** A check-in as a club's door system sends it. */
export interface DoorDelivery {
  /** The door system's id, unique per club. */
  checkInId: string;
  code: string;
  at: Date;
}

export interface DemoData {
  /** Clubs, products, promotions and members with their keys and freezes: what the import takes. */
  imported: Required<ImportDocumentInput>;
  /** The ids the import gives the new members (by membership number), so the rows below can refer to them. */
  ids: Map<string, MembershipIds>;
  paymentMethods: Row<typeof t.paymentMethods>[];
  invoices: Row<typeof t.invoices>[];
  invoiceLines: Row<typeof t.invoiceLines>[];
  payments: Row<typeof t.payments>[];
  clubClosures: Row<typeof t.clubClosures>[];
  /** What the clubs' doors report, sent after the rows are in, by club. */
  checkIns: Map<string, { operatorId: OperatorId; deliveries: DoorDelivery[] }>;
  highlights: Row<typeof t.highlights>[];
  articles: Row<typeof t.articles>[];
  ptPackages: Row<typeof t.ptPackages>[];
  ptTrainers: Row<typeof t.ptTrainers>[];
}

const newId = () => crypto.randomUUID();

export interface Plan {
  club: 0 | 1 | 2;
  signupKind: 'regular' | 'trial' | 'presale';
  beginDate: IsoDate;
  cancelledOn?: IsoDate;
  endDate?: IsoDate;
  stoppedOn?: IsoDate;
  freezes?: { begin: IsoDate; end: IsoDate }[];
  keys: 'pin' | 'rfid' | 'pin_history' | 'pin_expired' | 'none';
  card: boolean;
  /** The current month's invoice is declined (it has a period, so it is unpaid). */
  declinedCurrent?: boolean;
  invalidMobile?: boolean;
  /** First month billed, when the history goes back further than the last twelve months. */
  invoicesFrom?: IsoDate;
  /** Days the member's club was closed (a refund of closed days). */
  closure?: { begin: IsoDate; end: IsoDate };
  /** The day the contract was concluded, when it matters (the withdrawal period runs from it). */
  signedUpOn?: IsoDate;
}

/**
 * Three freeze months of this calendar year that never cover today (the persona must be
 * active): the three months before this one when possible; early in the year (January to
 * March) the months already past plus the next ones, which are then scheduled.
 */
export function maxFrozenPeriods(today: IsoDate): { begin: IsoDate; end: IsoDate }[] {
  const month = Number(today.slice(5, 7));
  const thisMonth = startOfMonth(today);
  if (month >= 4) return [{ begin: addMonths(thisMonth, -3), end: endOfMonth(addMonths(thisMonth, -1)) }];
  const periods: { begin: IsoDate; end: IsoDate }[] = [];
  const past = month - 1;
  if (past > 0)
    periods.push({ begin: `${today.slice(0, 4)}-01-01`, end: endOfMonth(addMonths(thisMonth, -1)) });
  const future = 3 - past;
  periods.push({ begin: addMonths(thisMonth, 1), end: endOfMonth(addMonths(thisMonth, future)) });
  return periods;
}

export function planFor(persona: Persona, today: IsoDate, presaleOpening: IsoDate): Plan {
  const thisMonth = startOfMonth(today);
  const longAgo = addMonths(thisMonth, -25);
  switch (persona) {
    case 'active':
      // Invoices from January of last year: a whole year for the health-insurance confirmation.
      return {
        club: 0,
        signupKind: 'regular',
        beginDate: longAgo,
        keys: 'pin_history',
        card: true,
        invoicesFrom: addMonths(`${today.slice(0, 4)}-01-01`, -12),
      };
    case 'scheduled_freeze':
      return {
        club: 0,
        signupKind: 'regular',
        beginDate: addMonths(thisMonth, -16),
        freezes: [{ begin: firstOfNextMonth(today), end: endOfMonth(firstOfNextMonth(today)) }],
        keys: 'pin',
        card: true,
      };
    case 'in_freeze':
      return {
        club: 1,
        signupKind: 'regular',
        beginDate: addMonths(thisMonth, -20),
        freezes: [{ begin: thisMonth, end: endOfMonth(today) }],
        keys: 'pin',
        card: true,
      };
    case 'in_cancellation':
      return {
        club: 0,
        signupKind: 'regular',
        beginDate: addMonths(thisMonth, -18),
        cancelledOn: addDays(today, -2),
        endDate: endOfMonth(addMonths(thisMonth, 1)),
        keys: 'pin',
        card: true,
      };
    case 'in_trial':
      return { club: 0, signupKind: 'trial', beginDate: addDays(today, 10), keys: 'pin', card: false };
    case 'presale':
      return { club: 2, signupKind: 'presale', beginDate: presaleOpening, keys: 'pin', card: true };
    case 'cancelled':
      return {
        club: 1,
        signupKind: 'regular',
        beginDate: longAgo,
        cancelledOn: addMonths(today, -3),
        endDate: endOfMonth(addMonths(thisMonth, -2)),
        keys: 'pin_expired',
        card: true,
      };
    case 'cancelled_in_presale':
      return {
        club: 2,
        signupKind: 'presale',
        beginDate: presaleOpening,
        cancelledOn: addDays(today, -3),
        endDate: addDays(today, -3),
        keys: 'none',
        card: true,
      };
    case 'cancelled_in_trial':
      return {
        club: 0,
        signupKind: 'trial',
        beginDate: addDays(today, -10),
        cancelledOn: addDays(today, -15),
        endDate: addDays(today, -11),
        keys: 'none',
        card: false,
      };
    case 'stopped':
      return {
        club: 1,
        signupKind: 'regular',
        beginDate: addMonths(thisMonth, -14),
        stoppedOn: addDays(today, -20),
        keys: 'pin_expired',
        card: true,
      };
    case 'unpaid':
      return {
        club: 0,
        signupKind: 'regular',
        beginDate: addMonths(thisMonth, -13),
        keys: 'pin',
        card: true,
        declinedCurrent: true,
      };
    case 'rfid':
      return { club: 1, signupKind: 'regular', beginDate: longAgo, keys: 'rfid', card: true };
    case 'invalid_details':
      return {
        club: 0,
        signupKind: 'regular',
        beginDate: addMonths(thisMonth, -9),
        keys: 'pin',
        card: true,
        invalidMobile: true,
      };
    case 'max_frozen':
      return {
        club: 0,
        signupKind: 'regular',
        beginDate: longAgo,
        freezes: maxFrozenPeriods(today),
        keys: 'pin',
        card: true,
      };
    case 'closed_club': {
      // A member of four months (short of the Swiss six) whose club closed the 10th to 14th of last month.
      const lastMonth = addMonths(thisMonth, -1);
      return {
        club: 1,
        signupKind: 'regular',
        beginDate: addMonths(thisMonth, -4),
        keys: 'pin',
        card: true,
        closure: { begin: addDays(lastMonth, 9), end: addDays(lastMonth, 13) },
      };
    }
    case 'new_signup':
      // Signed up and began three days ago: inside the 14-day withdrawal period.
      return {
        club: 0,
        signupKind: 'regular',
        beginDate: addDays(today, -3),
        signedUpOn: addDays(today, -3),
        keys: 'pin',
        card: true,
      };
  }
}

const atMorning = (date: IsoDate) => new Date(`${date}T06:00:00Z`);
const monthKey = (date: IsoDate) => date.slice(0, 7);

function isFrozenMonth(plan: Plan, monthStart: IsoDate): boolean {
  return (plan.freezes ?? []).some((f) => f.begin <= monthStart && endOfMonth(monthStart) <= f.end);
}

/** The plan's dated facts, as the status is derived from them. */
function planFacts(plan: Plan): MembershipFacts {
  return {
    signup_kind: plan.signupKind,
    begin_date: plan.beginDate,
    cancelled_on: plan.cancelledOn ?? null,
    end_date: plan.endDate ?? null,
    stopped_on: plan.stoppedOn ?? null,
    freeze_periods: (plan.freezes ?? []).map((f, k) => ({
      id: String(k),
      begin_date: f.begin,
      end_date: f.end,
      cancel_date: null,
    })),
  };
}

function buildOperator(op: OperatorId, now: Date, rows: DemoData, opIndex: number): void {
  const operator = getOperator(op);
  const seed = operatorSeeds[op];
  const today = todayIn(operator.timezone, now);
  const presaleOpening = addMonths(firstOfNextMonth(today), 1);
  const clubIds = seed.clubs.map((c) => c.id);

  for (const club of seed.clubs) {
    rows.imported.clubs.push({
      id: club.id,
      operator_id: op,
      name: club.name,
      opening_date: club.openedOn ?? presaleOpening,
      closing_date: club.closedOn ?? null,
      street: club.address.street,
      postal_code: club.address.postal_code,
      postal_location: club.address.postal_location,
      country: club.address.country,
      phone: club.phone,
      // de-berlin-mitte writes to berlin-mitte@de.stride.example
      email: `${club.id.slice(op.length + 1)}@${op}.stride.example`,
      opening_hours: seed.clubHours.opening,
      staffed_hours: seed.clubHours.staffed,
      // The demo's few members would never fill a real club: a small capacity makes how
      // busy it is (quiet, normal, busy) show on home from the seeded check-ins.
      capacity: 3,
      visit_minutes: null,
    });
  }
  if (operator.classes) {
    // The timetable at the clubs members train at now (not the presale or the closed one).
    const open = seed.clubs.filter((c) => c.openedOn && !c.closedOn).map((c) => c.id);
    const timetable = demoTimetable(op, open, now);
    rows.imported.classes.push(...timetable.classes);
    rows.imported.class_sessions.push(...timetable.class_sessions);
  }
  const productId = `${op}-all-clubs`;
  rows.imported.products.push({
    id: productId,
    operator_id: op,
    presentation: productPresentation(operator.brand),
    monthly_fee: seed.monthlyFee,
    binding_months: seed.bindingMonths,
    require_phone_verification: seed.requirePhoneVerification,
    club_ids: clubIds,
  });
  // The promotion the operator catalogue names, with its terms and texts from the seed data.
  if (operator.referralPromotion) {
    if (!seed.promotion) throw new Error(`seed data lacks the ${op} referral promotion`);
    rows.imported.promotions.push({
      id: `${op}-referral`,
      operator_id: op,
      name: seed.promotion.name,
      promotion_type: operator.referralPromotion,
      referrer_discount_months: seed.promotion.months,
      referrer_discount_percentage: seed.promotion.percentage,
      referrer_pt_hours: 0,
      signup_fee: 0,
      status: 'active',
      presentation: seed.promotion.presentation,
    });
  }

  const cardExpiry = `${String((Number(today.slice(2, 4)) + 2) % 100).padStart(2, '0')}${today.slice(5, 7)}`;
  let invoiceSeq = 0;

  PERSONAS.forEach((persona, i) => {
    const plan = planFor(persona, today, presaleOpening);
    const person = seed.people[i % seed.people.length]!;
    const street = seed.streets[i % seed.streets.length]!;
    const username = demoUsername(persona, op);
    const memberId = newId();
    const membershipId = newId();
    const signedUpOn = plan.signedUpOn ?? minDate(addDays(plan.beginDate, -14), addDays(today, -4));
    const createdAt = atMorning(signedUpOn);
    const number = `${opIndex + 1}${String(100 + i).padStart(6, '0')}`;
    rows.ids.set(number, { memberId, membershipId });

    const hasReferralCode = plan.signupKind === 'regular';
    rows.imported.members.push({
      membership_number: number,
      operator_id: op,
      username,
      email: username,
      first_name: person.first,
      last_name: person.last,
      gender: person.gender,
      birthdate: `${1978 + ((i * 3) % 24)}-${String((i % 12) + 1).padStart(2, '0')}-${String(((i * 5) % 27) + 1).padStart(2, '0')}`,
      street: street.street,
      postal_code: street.postal_code,
      postal_location: street.postal_location,
      country: operator.country,
      mobile_prefix: plan.invalidMobile ? `00${seed.mobilePrefix.slice(1)}` : seed.mobilePrefix,
      mobile_number: `${seed.mobileStem}${String(10 + i).padStart(2, '0')}`,
      locale: person.locale ?? seed.mainLocale,
      gdpr_opt_in: i % 3 === 0,
      product_id: productId,
      club_id: clubIds[plan.club]!,
      signup_kind: plan.signupKind,
      begin_date: plan.beginDate,
      // The import dates the contract's conclusion the morning of this day, as createdAt here.
      signed_up_on: signedUpOn,
      cancelled_on: plan.cancelledOn ?? null,
      end_date: plan.endDate ?? null,
      stopped_on: plan.stoppedOn ?? null,
      referral_code: hasReferralCode ? `${person.first.slice(0, 4).toUpperCase()}${number.slice(-4)}` : null,
    });

    const pinCode = String(100000 + ((i * 7919 + opIndex * 104729) % 900000));
    const keyStart = minDate(plan.beginDate, plan.signedUpOn ?? addDays(today, -4));
    /** Keys that opened doors, with the days they did (an ended key worked up to its valid_to). */
    const doorKeys: { code: string; from: IsoDate; to: IsoDate | null }[] = [];
    // The import dates each key from the start of its first day.
    const key = (k: Omit<ImportKey, 'membership_number'>) => {
      rows.imported.keys.push({ membership_number: number, ...k });
      doorKeys.push({ code: k.code, from: k.valid_from, to: k.valid_to });
    };
    switch (plan.keys) {
      case 'pin':
        key({ type: 'pin', code: pinCode, status: 'active', valid_from: keyStart, valid_to: null });
        break;
      case 'pin_history': {
        const renewed = addMonths(startOfMonth(today), -6);
        key({
          type: 'pin',
          code: String(Number(pinCode) + 1),
          status: 'inactive',
          valid_from: keyStart,
          valid_to: addDays(renewed, -1),
        });
        key({ type: 'pin', code: pinCode, status: 'active', valid_from: renewed, valid_to: null });
        break;
      }
      case 'pin_expired':
        key({
          type: 'pin',
          code: pinCode,
          status: 'inactive',
          valid_from: keyStart,
          valid_to: plan.endDate ?? plan.stoppedOn ?? today,
        });
        break;
      case 'rfid':
        key({
          type: 'rfid',
          code: `04${(0xa1b2c3 + i * 4099 + opIndex * 65537).toString(16).toUpperCase()}`,
          status: 'active',
          valid_from: keyStart,
          valid_to: null,
        });
        break;
      case 'none':
        break;
    }

    for (const f of plan.freezes ?? []) {
      rows.imported.freezes.push({ membership_number: number, begin_date: f.begin, end_date: f.end });
    }

    const card = plan.card ? seed.card : null;
    if (card) {
      rows.paymentMethods.push({
        id: newId(),
        memberId,
        provider: operator.cardProvider,
        type: 'card',
        brand: card.brand,
        details: card.details,
        expire: cardExpiry,
        providerToken: null,
        fingerprint: null,
        createdAt,
        removedAt: null,
      });
    }

    if (plan.closure) {
      rows.clubClosures.push({
        id: newId(),
        locationId: clubIds[plan.club]!,
        beginDate: plan.closure.begin,
        endDate: plan.closure.end,
        reason: seed.closureReason,
        createdAt: atMorning(plan.closure.begin),
      });
    }

    // Monthly invoices for the last twelve months the membership ran (billed on the 1st).
    const runsUntil = minDate(today, plan.endDate ?? plan.stoppedOn ?? today);
    const firstMonth = maxDate(startOfMonth(plan.beginDate), addMonths(startOfMonth(today), -11));
    const firstBilled = maxDate(startOfMonth(plan.beginDate), plan.invoicesFrom ?? firstMonth);
    const ran = plan.beginDate <= today && !(plan.cancelledOn && plan.cancelledOn < plan.beginDate);
    if (ran) {
      for (let month = firstBilled; month <= runsUntil; month = addMonths(month, 1)) {
        invoiceSeq += 1;
        const invoiceId = newId();
        const frozen = isFrozenMonth(plan, month);
        const lastMonth = month === startOfMonth(runsUntil);
        const declined = lastMonth && (plan.declinedCurrent || plan.stoppedOn !== undefined);
        // A membership that began after the 1st pays the rest of its first month on its begin date.
        const partial = plan.beginDate > month;
        const period = { from: partial ? plan.beginDate : month, to: endOfMonth(month) };
        const share = partial
          ? daysInclusive(period.from, period.to) / daysInclusive(month, endOfMonth(month))
          : 1;
        const amount = frozen ? operator.freezePolicy.monthlyFee : Math.round(seed.monthlyFee * share);
        rows.invoices.push({
          id: invoiceId,
          memberId,
          invoiceNumber: `${op.toUpperCase()}-${month.slice(0, 4)}-${String(invoiceSeq).padStart(6, '0')}`,
          status: declined ? 'declined' : 'charged',
          invoiceDate: period.from,
          amount,
          currency: operator.currency,
          periodFrom: period.from,
          periodTo: period.to,
          paymentMethodType: card ? 'card' : null,
          paymentMethodDetails: card ? `${card.brand} ${card.details}` : null,
          createdAt: atMorning(period.from),
        });
        rows.invoiceLines.push({
          id: newId(),
          invoiceId,
          position: 1,
          amount,
          productType: frozen ? 'freeze_fee' : partial ? 'rest_of_month_fee' : 'membership_fee',
          productId: frozen ? null : productId,
          systemConcept: frozen ? 'FREEZE_FEE' : partial ? 'REST_OF_MONTH_FEE' : 'MEMBERSHIP_FEE',
          humanConcept: frozen
            ? `Freeze ${monthKey(month)}`
            : `${partial ? 'Rest of month' : 'Membership'} ${monthKey(month)}`,
          periodFrom: period.from,
          periodTo: period.to,
        });
        rows.payments.push({
          id: newId(),
          invoiceId,
          status: declined ? 'declined' : 'captured',
          amount,
          providerReference: null,
          createdAt: atMorning(period.from),
        });
      }
    }

    // A year of workouts: check-ins with the key of the day, on days the status trains.
    if (ran) {
      const facts = planFacts(plan);
      const codeOn = (day: IsoDate) =>
        doorKeys.find((k) => k.from <= day && (k.to === null || day <= k.to))?.code;
      const closed = (day: IsoDate) =>
        plan.closure !== undefined && plan.closure.begin <= day && day <= plan.closure.end;
      const clubs = [clubIds[plan.club]!, clubIds[plan.club === 0 ? 1 : 0]!];
      let n = 0;
      for (let month = firstMonth; month <= runsUntil; month = addMonths(month, 1)) {
        const full = 4 + ((i * 7 + Number(month.slice(5, 7)) * 5 + opIndex * 3) % 13);
        // Visits scale with the days of the month the member could train so far.
        const from = maxDate(month, plan.beginDate);
        const to = month === startOfMonth(today) ? today : endOfMonth(month);
        const count =
          from === month && month !== startOfMonth(today)
            ? full
            : Math.round((full * daysInclusive(from, to)) / 31);
        const days: IsoDate[] = [];
        for (let day = from; day <= to; day = addDays(day, 1)) {
          if (!closed(day) && codeOn(day) && canTrain(deriveStatus(facts, day))) days.push(day);
        }
        for (let k = 0; k < count && days.length > 0; k++) {
          const day = days[Math.floor((k * days.length) / count)]!;
          // 06:00 to 19:59 UTC: the same calendar day in every operator's timezone, after the key's creation.
          const hour = 6 + ((k * 5 + i * 3) % 14);
          const at = new Date(
            `${day}T${String(hour).padStart(2, '0')}:${String((k * 17 + i * 11) % 60).padStart(2, '0')}:00Z`,
          );
          if (at > now) continue;
          n += 1;
          // Every sixth visit at the member's other club: the product opens them all.
          const clubId = clubs[n % 6 === 0 ? 1 : 0]!;
          const forClub = rows.checkIns.get(clubId) ?? { operatorId: op, deliveries: [] };
          forClub.deliveries.push({ checkInId: `seed-${number}-${n}`, code: codeOn(day)!, at });
          rows.checkIns.set(clubId, forClub);
        }
      }
    }
  });
}

/**
 * The demo data at `now`: for every operator its clubs (one in presale), a product, its
 * referral promotion, home's highlights and article teasers (content.ts) and one member per
 * persona, with dates relative to today in the operator's timezone, and the PT sandbox's
 * packages and trainers where the operator has PT (pt.ts). Fresh ids on every call.
 */
export function demoData(now: Date): DemoData {
  const rows: DemoData = {
    imported: {
      clubs: [],
      products: [],
      promotions: [],
      members: [],
      keys: [],
      freezes: [],
      classes: [],
      class_sessions: [],
    },
    ids: new Map(),
    paymentMethods: [],
    invoices: [],
    invoiceLines: [],
    payments: [],
    clubClosures: [],
    checkIns: new Map(),
    highlights: [],
    articles: [],
    ptPackages: [],
    ptTrainers: [],
  };
  operatorIds.forEach((op, index) => {
    buildOperator(op, now, rows, index);
  });
  const clubs = rows.imported.clubs.map((c) => ({
    id: c.id,
    ...importedClubValues(importEntities.clubs.parse(c)),
  }));
  const content = contentRows(clubs, now);
  rows.highlights = content.highlights;
  rows.articles = content.articles;
  const pt = ptRows((op) => todayIn(getOperator(op).timezone, now));
  rows.ptPackages = pt.packages;
  rows.ptTrainers = pt.trainers;
  return rows;
}
