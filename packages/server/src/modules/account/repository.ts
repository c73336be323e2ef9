import { and, asc, desc, eq, gte, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import {
  checkIns,
  chipOrders,
  classBookings,
  classes,
  classSessions,
  entryDevices,
  events,
  freezePeriods,
  invoiceLines,
  invoices,
  keys,
  locations,
  members,
  memberships,
  outbox,
  passwordResetTokens,
  paymentMethods,
  sepaMandates,
  payments,
  phoneVerifications,
  refunds,
  sessions,
} from '../../db/schema.ts';

/**
 * The stored password hash, with the member row locked until the transaction ends (after
 * the membership's lock, FOR NO KEY UPDATE: ADR 033).
 */
export async function lockPasswordHash(ex: Executor, memberId: string): Promise<string | undefined> {
  const [row] = await ex
    .select({ passwordHash: members.passwordHash })
    .from(members)
    .where(eq(members.id, memberId))
    .for('no key update');
  return row?.passwordHash;
}

export async function findCredentials(ex: Executor, memberId: string) {
  const [row] = await ex
    .select({ passwordHash: members.passwordHash, locale: members.locale })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** Ends every live session of the member except `keepId`; answers how many ended. */
export async function revokeOtherSessions(ex: Executor, memberId: string, keepId: string, at: Date) {
  const rows = await ex
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.memberId, memberId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

// ---- The data export: every column except secrets (password, token and code hashes). ----

const { passwordHash: _passwordHash, ...memberColumns } = getTableColumns(members);
/** A card's provider token charges it and its fingerprint identifies it: neither leaves the server. */
const {
  providerToken: _providerToken,
  fingerprint: _fingerprint,
  ...paymentMethodColumns
} = getTableColumns(paymentMethods);

export async function exportMember(ex: Executor, memberId: string) {
  const [row] = await ex.select(memberColumns).from(members).where(eq(members.id, memberId));
  return row;
}

export function exportMemberships(ex: Executor, memberId: string) {
  return ex
    .select({ ...getTableColumns(memberships), locationName: locations.name })
    .from(memberships)
    .innerJoin(locations, eq(locations.id, memberships.locationId))
    .where(eq(memberships.memberId, memberId))
    .orderBy(asc(memberships.createdAt));
}

export function exportKeys(ex: Executor, membershipIds: string[]) {
  if (membershipIds.length === 0) return Promise.resolve([]);
  // A phone's key (ADR 042) is not exported: its device id is in its entry code's QR; nor is a
  // wallet pass's (ADR 043): its code opens the door.
  return ex
    .select()
    .from(keys)
    .where(and(inArray(keys.membershipId, membershipIds), notInArray(keys.type, ['phone', 'wallet'])))
    .orderBy(asc(keys.validFrom));
}

export function exportChipOrders(ex: Executor, membershipIds: string[]) {
  if (membershipIds.length === 0) return Promise.resolve([]);
  return ex
    .select()
    .from(chipOrders)
    .where(inArray(chipOrders.membershipId, membershipIds))
    .orderBy(asc(chipOrders.createdAt));
}

export function exportFreezes(ex: Executor, membershipIds: string[]) {
  if (membershipIds.length === 0) return Promise.resolve([]);
  return ex
    .select()
    .from(freezePeriods)
    .where(inArray(freezePeriods.membershipId, membershipIds))
    .orderBy(asc(freezePeriods.beginDate));
}

export function exportPaymentMethods(ex: Executor, memberId: string) {
  return ex
    .select(paymentMethodColumns)
    .from(paymentMethods)
    .where(eq(paymentMethods.memberId, memberId))
    .orderBy(asc(paymentMethods.createdAt));
}

/** A mandate's full IBAN is for the debit file only: the export holds the masked one. */
const { iban: _iban, ...sepaMandateColumns } = getTableColumns(sepaMandates);

export function exportSepaMandates(ex: Executor, memberId: string) {
  return ex
    .select(sepaMandateColumns)
    .from(sepaMandates)
    .where(eq(sepaMandates.memberId, memberId))
    .orderBy(asc(sepaMandates.signedAt));
}

export function exportInvoices(ex: Executor, memberId: string) {
  return ex
    .select()
    .from(invoices)
    .where(eq(invoices.memberId, memberId))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.invoiceNumber));
}

export function exportInvoiceLines(ex: Executor, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return ex
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.position));
}

export function exportPayments(ex: Executor, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return ex
    .select()
    .from(payments)
    .where(inArray(payments.invoiceId, invoiceIds))
    .orderBy(asc(payments.createdAt));
}

export function exportRefunds(ex: Executor, memberId: string) {
  return ex.select().from(refunds).where(eq(refunds.memberId, memberId)).orderBy(asc(refunds.createdAt));
}

/** The member's check-ins (each one a workout), with the club's name. */
export function exportCheckIns(ex: Executor, memberId: string) {
  return ex
    .select({
      at: checkIns.at,
      locationId: checkIns.locationId,
      locationName: locations.name,
      checkInId: checkIns.checkInId,
      keyId: checkIns.keyId,
      receivedAt: checkIns.receivedAt,
    })
    .from(checkIns)
    .innerJoin(locations, eq(locations.id, checkIns.locationId))
    .where(eq(checkIns.memberId, memberId))
    .orderBy(asc(checkIns.at));
}

/**
 * The member's group-class bookings (docs/classes.md), oldest session first: what the class
 * was, where and when, and what became of the booking. Only the member's own rows: other
 * members on the same session stay out.
 */
export function exportClassBookings(ex: Executor, memberId: string) {
  return ex
    .select({
      id: classBookings.id,
      sessionId: classBookings.sessionId,
      className: classes.name,
      locationId: classSessions.locationId,
      locationName: locations.name,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
      room: classSessions.room,
      instructor: classSessions.instructor,
      status: classBookings.status,
      createdAt: classBookings.createdAt,
      promotedAt: classBookings.promotedAt,
      cancelledAt: classBookings.cancelledAt,
      lateCancellation: classBookings.lateCancellation,
      remindedAt: classBookings.remindedAt,
      attendedAt: classBookings.attendedAt,
    })
    .from(classBookings)
    .innerJoin(classSessions, eq(classSessions.id, classBookings.sessionId))
    .innerJoin(classes, eq(classes.id, classSessions.classId))
    .innerJoin(locations, eq(locations.id, classSessions.locationId))
    .where(eq(classBookings.memberId, memberId))
    .orderBy(asc(classSessions.startsAt), asc(classBookings.createdAt));
}

/**
 * The phones the member set up for entry (ADR 042), removed ones too, oldest first. Never
 * the sealed secret, nor the last period (it only guards against a code used twice); the
 * device id is left out as the phone keys are (it is half of an entry code).
 */
export function exportEntryDevices(ex: Executor, memberId: string) {
  return ex
    .select({
      name: entryDevices.name,
      membershipId: entryDevices.membershipId,
      createdAt: entryDevices.createdAt,
      lastUsedAt: entryDevices.lastUsedAt,
      removedAt: entryDevices.removedAt,
    })
    .from(entryDevices)
    .where(eq(entryDevices.memberId, memberId))
    .orderBy(asc(entryDevices.createdAt));
}

export function exportEvents(ex: Executor, memberId: string) {
  return ex
    .select({
      id: events.id,
      membershipId: events.membershipId,
      action: events.action,
      status: events.status,
      details: events.details,
      createdAt: events.createdAt,
    })
    .from(events)
    .where(eq(events.memberId, memberId))
    .orderBy(asc(events.createdAt));
}

export function exportSessions(ex: Executor, memberId: string) {
  return ex
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .orderBy(asc(sessions.createdAt));
}

export function exportPasswordResets(ex: Executor, memberId: string) {
  return ex
    .select({
      createdAt: passwordResetTokens.createdAt,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.memberId, memberId))
    .orderBy(asc(passwordResetTokens.createdAt));
}

export function exportPhoneVerifications(ex: Executor, memberId: string) {
  return ex
    .select({
      mobile: phoneVerifications.mobile,
      attempts: phoneVerifications.attempts,
      createdAt: phoneVerifications.createdAt,
      expiresAt: phoneVerifications.expiresAt,
      usedAt: phoneVerifications.usedAt,
    })
    .from(phoneVerifications)
    .where(eq(phoneVerifications.memberId, memberId))
    .orderBy(asc(phoneVerifications.createdAt));
}

/** Whether another member of the operator holds this e-mail address or one of these mobile numbers. */
export async function addressesHeldByOthers(
  ex: Executor,
  member: { id: string; operatorId: string; email: string; mobilePrefix: string; mobileNumber: string },
) {
  const others = await ex
    .select({ email: members.email, prefix: members.mobilePrefix, number: members.mobileNumber })
    .from(members)
    .where(
      and(
        eq(members.operatorId, member.operatorId),
        ne(members.id, member.id),
        or(
          eq(sql`lower(${members.email})`, member.email.toLowerCase()),
          and(eq(members.mobilePrefix, member.mobilePrefix), eq(members.mobileNumber, member.mobileNumber)),
        ),
      ),
    );
  return {
    email: others.some((o) => o.email.toLowerCase() === member.email.toLowerCase()),
    mobile: others.some((o) => o.prefix === member.mobilePrefix && o.number === member.mobileNumber),
  };
}

/** Messages of the operator to any of `addresses` (compared case-insensitively) since `since`. */
export function exportMessages(ex: Executor, operatorId: string, addresses: string[], since: Date) {
  if (addresses.length === 0) return Promise.resolve([]);
  return ex
    .select({
      channel: outbox.channel,
      to: outbox.to,
      subject: outbox.subject,
      body: outbox.body,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.operatorId, operatorId),
        inArray(
          sql`lower(${outbox.to})`,
          addresses.map((a) => a.toLowerCase()),
        ),
        gte(outbox.createdAt, since),
      ),
    )
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
}
