// The demo members and their data for the server's seed (the browser's demo runs the same
// seed, docs/demo.md), and the sandbox PT provider's answers (docs/personal-training.md).
export * from './seed-data.ts';
export * from './door-keys.ts';
export { type DemoData, type DoorDelivery, demoData, maxFrozenPeriods } from './generate.ts';
export {
  ptPackageId,
  ptRows,
  SEEDED_BOOKING_DAYS_AHEAD,
  SEEDED_PT_PACKAGE,
  SEEDED_PURCHASE_DAYS_AGO,
  seededPurchaseRequestId,
} from './pt.ts';
export * from './pt-sandbox/answers.ts';
export { classId, SMALL_SESSION_CAPACITY, SMALL_SESSION_TIME, smallSessionId } from './classes.ts';
