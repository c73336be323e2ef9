import { sleep } from '../platform/time.ts';
import { isTransactionConflict } from './errors.ts';

/**
 * How often a transaction PostgreSQL aborted for a conflict (a deadlock, a serialization
 * failure) is run again, and how long it waits in between: a random time up to
 * `baseMs · 2^n` before the n-th retry, so two transactions that collided do not collide
 * again in step (ADR 033).
 */
export interface ConflictRetries {
  attempts: number;
  baseMs: number;
  sleep?: (ms: number) => Promise<unknown>;
  random?: () => number;
}

export const CONFLICT_RETRIES: ConflictRetries = { attempts: 4, baseMs: 25 };

/** Conflicts this process has met (each one retried or answered 503): a lock order gone wrong shows here. */
export const transactionConflicts = { count: 0 };

/**
 * Runs `run` (one whole transaction) until it commits, runs again only when PostgreSQL
 * aborted it for a conflict, and throws the last conflict after `attempts` runs (the error
 * handler answers it 503 with Retry-After). Whatever `run` does outside the database is done
 * again: callers do such work after the transaction (jobs.kick) or with the provider's
 * idempotency reference (card charges and refunds).
 */
export async function retryConflicts<T>(
  run: () => Promise<T>,
  retries: ConflictRetries = CONFLICT_RETRIES,
): Promise<T> {
  const wait = retries.sleep ?? sleep;
  const random = retries.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      transactionConflicts.count++;
      if (attempt >= retries.attempts) throw error;
      await wait(Math.round(random() * retries.baseMs * 2 ** (attempt - 1)));
    }
  }
}

type Transactional = { transaction: (...args: never[]) => Promise<unknown> };

/** `db.transaction` that runs the whole transaction again after a conflict (ADR 033). */
export function retryingTransaction<D extends Transactional>(db: D): D['transaction'] {
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  return ((...args: unknown[]) => retryConflicts(() => transaction(...args))) as D['transaction'];
}
