import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
interface Journal {
  entries: JournalEntry[];
}

const journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
) as Journal;
const sqlFiles = readdirSync(MIGRATIONS_FOLDER)
  .filter((name) => name.endsWith('.sql'))
  .sort();

/**
 * A copy of the migrations folder with the first `count` migrations, each file under
 * another name (journal tag and file alike) and with its own `when`: a database migrated
 * before the files were renamed.
 */
function folderUnderOtherNames(root: string, count: number): string {
  const folder = path.join(root, `first-${count}`);
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, count).map((entry) => {
    const tag = `${String(entry.idx).padStart(4, '0')}_earlier_name`;
    copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${tag}.sql`));
    return { ...entry, tag };
  });
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

const applied = (client: PGlite) =>
  client
    .query<{ id: number; created_at: string }>(
      'select id, created_at from drizzle.__drizzle_migrations order by id',
    )
    .then((r) => r.rows.map((row) => ({ id: row.id, when: Number(row.created_at) })));

const tables = (client: PGlite) =>
  client
    .query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
    )
    .then((r) => r.rows.map((row) => row.name));

describe('the migrations folder', () => {
  it('has a journal entry for every SQL file and a file for every entry, in order', () => {
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(sqlFiles);
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(`${String(i).padStart(4, '0')}_`)).toBe(true);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });
});

/**
 * drizzle-orm's migrator records each applied migration's `when` (`created_at`) and its
 * SQL's hash, and on each start applies exactly the journal entries whose `when` is later
 * than the newest recorded one; it never compares file names or hashes. So renaming a file
 * with its journal tag changes nothing for a migrated database, while changing a `when` would.
 */
describe('a database migrated under earlier file names', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is not migrated again', async () => {
    const client = new PGlite();
    try {
      await migrate(drizzle({ client }), {
        migrationsFolder: folderUnderOtherNames(root, journal.entries.length),
      });
      const before = await applied(client);
      const tablesBefore = await tables(client);
      expect(before.map((row) => row.when)).toEqual(journal.entries.map((entry) => entry.when));

      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      expect(await applied(client)).toEqual(before);
      expect(await tables(client)).toEqual(tablesBefore);
    } finally {
      await client.close();
    }
  });

  it('gets the migrations it lacks, and only those', async () => {
    const client = new PGlite();
    try {
      const missing = 2;
      await migrate(drizzle({ client }), {
        migrationsFolder: folderUnderOtherNames(root, journal.entries.length - missing),
      });
      const before = await applied(client);

      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      const after = await applied(client);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.slice(before.length).map((row) => row.when)).toEqual(
        journal.entries.slice(-missing).map((entry) => entry.when),
      );
    } finally {
      await client.close();
    }
  });
});
