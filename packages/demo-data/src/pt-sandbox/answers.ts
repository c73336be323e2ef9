import { ApiError, IsoDateTime, type Language, type OperatorId, ruleViolation } from '@portal/contract';
import { z } from 'zod';
import { getOperator, languageOf, type PtTokenClaims } from '@portal/domain';
import { CANCEL_HOURS, type Slot } from '@portal/domain';

// The sandbox PT provider's answers and refusals, for the server's sandbox (modules/dev/pt-sandbox;
// the demo runs it too, docs/demo.md).

/** A text per language, as the provider stores it. */
export type Localized<T> = Partial<Record<Language, T>> & { en: T };

/** The widget's language: the one it asks for (Accept-Language), else the token's. */
export function languageFor(acceptLanguage: string | null | undefined, claims: PtTokenClaims): Language {
  const asked = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  const lang = asked?.slice(0, 2).toLowerCase();
  if (lang === 'en' || lang === 'de' || lang === 'fr' || lang === 'nb' || lang === 'fi') return lang;
  // Norwegian without the written standard ("no") is read as bokmål.
  if (lang === 'no') return 'nb';
  return languageOf(claims.loc);
}

export const localizedText = (value: Localized<string>, language: Language) => value[language] ?? value.en;

/** Until when a booking can be cancelled (and its session comes back). */
export const cancelDeadline = (startsAt: Date) => new Date(startsAt.getTime() - CANCEL_HOURS * 3_600_000);

/** GET packages: what the operator sells, in the asked language, and what the member has left. */
export function packagesAnswer(
  operatorId: OperatorId,
  remainingSessions: number,
  rows: readonly {
    id: string;
    name: Localized<string>;
    description: Localized<string>;
    sessions: number;
    price: number;
    currency: string;
  }[],
  language: Language,
) {
  return {
    currency: getOperator(operatorId).currency,
    remaining_sessions: remainingSessions,
    packages: rows.map((p) => ({
      id: p.id,
      name: localizedText(p.name, language),
      description: localizedText(p.description, language),
      sessions: p.sessions,
      price: p.price,
      currency: p.currency,
    })),
  };
}

export function purchaseAnswer(row: {
  id: string;
  packageId: string;
  sessions: number;
  amount: number;
  currency: string;
  invoiceId: string | null;
  purchasedAt: Date;
}) {
  return {
    id: row.id,
    package_id: row.packageId,
    sessions: row.sessions,
    amount: row.amount,
    currency: row.currency,
    invoice_id: row.invoiceId,
    purchased_at: row.purchasedAt.toISOString(),
  };
}

/** A free session, and whether booking it now still leaves time to cancel it (a later one is binding). */
export function slotAnswer(s: Slot, now: Date) {
  const deadline = cancelDeadline(s.startsAt);
  return {
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    cancellable_until: deadline.toISOString(),
    cancellable: now < deadline,
  };
}

export function bookingAnswer(
  booking: { id: string; trainerId: string; startsAt: Date; endsAt: Date },
  trainer: { name: string; focus: Localized<string> },
  language: Language,
  now: Date,
) {
  const deadline = cancelDeadline(booking.startsAt);
  return {
    id: booking.id,
    trainer_id: booking.trainerId,
    trainer_name: trainer.name,
    trainer_focus: localizedText(trainer.focus, language),
    starts_at: booking.startsAt.toISOString(),
    ends_at: booking.endsAt.toISOString(),
    cancellable_until: deadline.toISOString(),
    cancellable: now < deadline,
  };
}

/** The sandbox's refusals: status, type and message. */
export const SANDBOX_REFUSALS = {
  noPackage: { status: 404, type: 'not_found', message: 'No such package.' },
  noTrainer: { status: 404, type: 'not_found', message: 'No such trainer at your club.' },
  noBooking: { status: 404, type: 'not_found', message: 'No such booking.' },
  requestIdReused: {
    status: 409,
    type: 'request_id_reused',
    message: 'This request id was used for another package.',
  },
  slotNotOffered: { status: 422, type: 'slot_not_offered', message: 'This time is not offered for booking.' },
  noSessionsLeft: {
    status: 422,
    type: 'no_sessions_left',
    message: 'You have no sessions left. Buy a package first.',
  },
  memberBusy: { status: 409, type: 'member_busy', message: 'You already have a session at this time.' },
  slotTaken: {
    status: 409,
    type: 'slot_taken',
    message: 'Someone has just booked this time. Please choose another.',
  },
} as const;

/** 422 text of a cancellation later than CANCEL_HOURS before the start. */
export const CANCELLATION_TOO_LATE = {
  type: 'cancellation_too_late',
  message: `A booking can be cancelled until ${CANCEL_HOURS} hours before it starts.`,
};

/** What a refused widget token is answered (401, context.reason). */
export const TOKEN_REFUSALS = {
  missing: 'Send the widget token as Authorization: Bearer <token>.',
  malformed: 'The widget token is not valid.',
  signature: 'The widget token is not valid.',
  expired: 'The widget token has expired. Open the widget again.',
  widget: 'The widget token is for another widget.',
  operator: 'Personal training is not offered here.',
} as const;

export const sandboxRefusal = (key: keyof typeof SANDBOX_REFUSALS) => {
  const { status, type, message } = SANDBOX_REFUSALS[key];
  return new ApiError(status, [{ type, message }]);
};

export const cancellationTooLate = (deadline: Date) =>
  ruleViolation(CANCELLATION_TOO_LATE.type, CANCELLATION_TOO_LATE.message, {
    cancellable_until: deadline.toISOString(),
  });

export const tokenRefusal = (reason: keyof typeof TOKEN_REFUSALS) =>
  new ApiError(401, [{ type: 'unauthorized', message: TOKEN_REFUSALS[reason], context: { reason } }]);

// The sandbox API's input, checked as the server's routes check it (a 400 names the field).
const Id = z.string().min(1).max(100);
export const PurchaseBody = z
  .object({
    package_id: Id,
    /** The widget's id of this purchase attempt: a repeated request buys once. */
    request_id: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Use 8 to 100 letters, digits, - or _.'),
  })
  .strict();
export const BookingBody = z.object({ trainer_id: Id, starts_at: IsoDateTime }).strict();
export const SlotsQuery = z.object({ trainer_id: Id }).strict();
export const BookingParams = z.object({ id: Id }).strict();
