/**
 * The database of a measuring run (`npm run bench`, `npm run fuzz`): on PostgreSQL
 * (DATABASE_URL) a database of its own, dropped at the end; else an in-memory PGlite.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase } from '../src/db/client.ts';

export async function openBenchDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, label: 'PGlite (in memory)', drop: async () => {} };
  }
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString() });
  return {
    database,
    label: `PostgreSQL (${dbUrl.host}, database ${name})`,
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
