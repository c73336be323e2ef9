// The demo members and their data, one copy for the server's seed and the browser's demo
// (docs/demo.md), and the sandbox PT provider's answers both serve (docs/personal-training.md).
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
