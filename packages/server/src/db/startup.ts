import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { loadOutsideProduction } from '../dev/load.ts';
import type { PasswordHasher } from '../ports.ts';
import type { Db } from './client.ts';

/**
 * Seeds the demo data on an empty database, except in production, which never has demo
 * members: its clubs, products and members come through the import (docs/operations.md).
 * Returns whether it seeded.
 */
export async function seedOutsideProduction(
  db: Db,
  clock: Clock,
  config: Config,
  passwords: PasswordHasher,
): Promise<boolean> {
  const outsideProduction = await loadOutsideProduction(config);
  return outsideProduction ? outsideProduction.seedIfEmpty(db, clock, passwords) : false;
}
