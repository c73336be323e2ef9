import { IMPORT_ENTITIES, importEntities, type OperatorId } from '@portal/contract';
import {
  addDays,
  getOperator,
  importedClubValues,
  importedProductValues,
  importedPromotionValues,
  languageOf,
  newImportedFreeze,
  newImportedKey,
  newImportedMember,
  offeredSlots,
  operatorIds,
  todayIn,
} from '@portal/domain';
import { storeCheckIn } from '../membership/door.ts';
import type { DemoStore, DemoTables } from '../store.ts';
import {
  type DemoData,
  type DoorDelivery,
  demoData,
  demoUsername,
  ptPackageId,
  SEEDED_BOOKING_DAYS_AHEAD,
  SEEDED_PT_PACKAGE,
  SEEDED_PURCHASE_DAYS_AGO,
  seededPurchaseRequestId,
} from '@portal/demo-data';

/**
 * What the demo stores instead of a password hash. The demo's sign-in compares the password
 * with DEMO_PASSWORD itself: the password is public (it is printed on the demo's sign-in
 * page), and argon2 in the browser would cost a WebAssembly module for no secret.
 */
export const DEMO_PASSWORD_HASH = 'demo: signs in with DEMO_PASSWORD (no hash in the browser)';

const newId = () => crypto.randomUUID();

/**
 * Fills the store's tables with the rows the server's database holds after its seed
 * (packages/server/src/db/seed.ts) at the store's clock: the same generator (demoData),
 * the import document stored by the import's own row builders (domain importRows.ts) after
 * the contract's schemas read it, the check-ins counted by the door's rule, and the active
 * personas' PT purchase and booking as the sandbox and the portal's billing write them.
 */
export function seedDemo(store: DemoStore): void {
  const now = store.now();
  const data = demoData(now);
  const tables = store.tables;
  importDocument(tables, data, now);
  tables.paymentMethods.push(...data.paymentMethods);
  tables.invoices.push(...data.invoices);
  tables.invoiceLines.push(...data.invoiceLines);
  tables.payments.push(...data.payments);
  tables.clubClosures.push(...data.clubClosures);
  tables.highlights.push(...data.highlights);
  tables.articles.push(...data.articles);
  tables.ptPackages.push(...data.ptPackages);
  tables.ptTrainers.push(...data.ptTrainers);
  for (const [clubId, { operatorId, deliveries }] of data.checkIns) {
    countCheckIns(tables, { id: clubId, operatorId }, deliveries, now);
  }
  ptActivity(tables, now);
}

/** The import of an empty database: every row of the document is new. */
function importDocument(tables: DemoTables, data: DemoData, now: Date): void {
  const parsed = Object.fromEntries(
    IMPORT_ENTITIES.map((entity) => [
      entity,
      (data.imported[entity] as unknown[]).map((row) => importEntities[entity].parse(row)),
    ]),
  ) as { [E in keyof typeof importEntities]: ReturnType<(typeof importEntities)[E]['parse']>[] };
  for (const row of parsed.clubs) tables.locations.push({ id: row.id, ...importedClubValues(row) });
  for (const row of parsed.products) tables.products.push({ id: row.id, ...importedProductValues(row) });
  for (const row of parsed.promotions)
    tables.referralPromotions.push({ id: row.id, ...importedPromotionValues(row), createdAt: now });
  const operatorOf = new Map<string, OperatorId>();
  for (const row of parsed.members) {
    const ids = data.ids.get(row.membership_number);
    if (!ids) throw new Error(`the demo data has no ids for ${row.membership_number}`);
    const { member, membership } = newImportedMember(row, ids, DEMO_PASSWORD_HASH, now);
    tables.members.push(member);
    tables.memberships.push(membership);
    operatorOf.set(row.membership_number, row.operator_id);
  }
  const membershipIdOf = (number: string) => data.ids.get(number)!.membershipId;
  for (const row of parsed.keys) {
    const ids = { id: newId(), membershipId: membershipIdOf(row.membership_number) };
    tables.keys.push(newImportedKey(row, ids, operatorOf.get(row.membership_number)!, now));
  }
  for (const row of parsed.freezes) {
    const ids = { id: newId(), membershipId: membershipIdOf(row.membership_number) };
    tables.freezePeriods.push(newImportedFreeze(row, ids, now));
  }
}

/**
 * The door's use case (server modules/workouts/check-ins.ts) for fresh deliveries: each
 * check-in whose code was one membership's working key then, with a status that trains,
 * is stored; the seed's are all meant to count, so a refusal is a bug in the demo data.
 */
function countCheckIns(
  tables: DemoTables,
  club: { id: string; operatorId: OperatorId },
  deliveries: readonly DoorDelivery[],
  now: Date,
): void {
  for (const delivery of deliveries) {
    const decision = storeCheckIn(tables, club, delivery, now);
    if ('refusal' in decision)
      throw new Error(`a seeded check-in at ${club.id} was refused: ${JSON.stringify(decision)}`);
  }
}

/**
 * The active persona of every PT operator: the package bought SEEDED_PURCHASE_DAYS_AGO days
 * ago as the sandbox's purchase bills it (server modules/pt/billing.ts: an add_on_fee
 * invoice of that day on the current card, its line, the event) and charged since; and
 * the booking the sandbox makes (the first slot SEEDED_BOOKING_DAYS_AHEAD days ahead with
 * the first trainer of the member's club).
 */
function ptActivity(tables: DemoTables, now: Date): void {
  const boughtAt = new Date(now.getTime() - SEEDED_PURCHASE_DAYS_AGO * 86_400_000);
  for (const op of operatorIds) {
    const operator = getOperator(op);
    if (!operator.ptEnabled) continue;
    const member = tables.members.find((m) => m.operatorId === op && m.username === demoUsername('active', op));
    const membership = member && tables.memberships.find((m) => m.memberId === member.id);
    const pkg = tables.ptPackages.find((p) => p.id === ptPackageId(op, SEEDED_PT_PACKAGE));
    if (!member || !membership || !pkg) throw new Error(`no active persona or PT package for ${op}`);
    const club = membership.locationId;

    const purchaseId = newId();
    const invoiceId = newId();
    const invoiceDate = todayIn(operator.timezone, boughtAt);
    const method = tables.paymentMethods
      .filter((p) => p.memberId === member.id && p.removedAt === null)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    const language = languageOf(member.locale);
    tables.invoices.push({
      id: invoiceId,
      memberId: member.id,
      invoiceNumber: `${op.toUpperCase()}-${invoiceDate.slice(0, 4)}-${invoiceId.slice(0, 8).toUpperCase()}`,
      // Scheduled when bought, charged since (as the payment run would have).
      status: 'charged',
      invoiceDate,
      amount: pkg.price,
      currency: operator.currency,
      periodFrom: null,
      periodTo: null,
      paymentMethodType: method?.type ?? null,
      paymentMethodDetails: method ? `${method.brand} ${method.details}` : null,
      createdAt: boughtAt,
    });
    tables.invoiceLines.push({
      id: newId(),
      invoiceId,
      position: 1,
      amount: pkg.price,
      productType: 'add_on_fee',
      productId: purchaseId,
      systemConcept: 'pt_package',
      humanConcept: pkg.name[language] ?? pkg.name.en,
      periodFrom: null,
      periodTo: null,
    });
    tables.events.push({
      id: newId(),
      memberId: member.id,
      membershipId: membership.id,
      action: 'pt_package_purchased',
      status: 'success',
      details: {
        purchase_id: purchaseId,
        package_id: pkg.id,
        sessions: pkg.sessions,
        amount: pkg.price,
        invoice_id: invoiceId,
      },
      createdAt: boughtAt,
    });
    tables.ptPurchases.push({
      id: purchaseId,
      memberId: member.id,
      packageId: pkg.id,
      sessions: pkg.sessions,
      amount: pkg.price,
      currency: pkg.currency,
      invoiceId,
      requestId: seededPurchaseRequestId(op),
      purchasedAt: boughtAt,
    });
    tables.payments.push({
      id: newId(),
      invoiceId,
      status: 'captured',
      amount: pkg.price,
      providerReference: null,
      createdAt: boughtAt,
    });

    const today = todayIn(operator.timezone, now);
    const location = tables.locations.find((l) => l.id === club)!;
    const [from, to] = [addDays(today, 1), addDays(today, 15)];
    const closures = tables.clubClosures
      .filter((c) => c.locationId === club && c.endDate >= from && c.beginDate <= to)
      .map((c) => ({ from: c.beginDate, to: c.endDate }));
    const slots = offeredSlots({ ...location, closures }, { until: null, frozen: [] }, today, operator.timezone);
    const dayAfter = addDays(today, SEEDED_BOOKING_DAYS_AHEAD);
    const slot = slots.find((s) => todayIn(operator.timezone, s.startsAt) >= dayAfter);
    const trainer = tables.ptTrainers.find((x) => x.locationId === club && x.active);
    if (!slot || !trainer) throw new Error(`no PT slot or trainer for the active persona of ${op}`);
    tables.ptBookings.push({
      id: newId(),
      memberId: member.id,
      trainerId: trainer.id,
      locationId: club,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      createdAt: now,
      cancelledAt: null,
    });
  }
}
