import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The postgres-js fix applied by patch-package (patches/postgres+3.4.9.patch, ADR 030): a query
 * sent on a connection whose backend is gone fails with CONNECTION_CLOSED instead of throwing
 * from a timer, which no caller could catch and which ended the process (it did in CI, during
 * database-outage.test.ts).
 */
describe.runIf(process.env.DATABASE_URL)('the PostgreSQL driver when its connection is cut', () => {
  const url = process.env.DATABASE_URL ?? '';
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const client = postgres(url, { max: 1, onnotice: () => {} });
  afterAll(async () => {
    await client.end({ timeout: 1 });
    await admin.end({ timeout: 1 });
  });

  // A reserved connection shows it at once: the pool cannot move it aside (porsager/postgres#1208).
  it('rejects the next query with CONNECTION_CLOSED, and the process goes on', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const reserved = await client.reserve();
      const [row] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await admin`select pg_terminate_backend(${row!.pid})`;
      await new Promise((resolve) => setTimeout(resolve, 200));
      const failure = await reserved`select 1`.then(
        () => null,
        (error: { code?: string }) => error.code,
      );
      expect(failure).toBe('CONNECTION_CLOSED');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
