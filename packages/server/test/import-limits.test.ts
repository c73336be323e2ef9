import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeFailure,
  MAX_IMPORT_FIELD_CHARS,
  MAX_IMPORT_FILE_BYTES,
} from '../src/modules/import/source.ts';
import { readImportFile } from '../src/import-file.ts';
import { parseSource } from '../src/modules/import/validate.ts';
import { EXAMPLES } from './support/imports.ts';

// What the import refuses before it writes anything (docs/operations.md, "The import";
// docs/security.md, R2 and R11): bytes that are not UTF-8, text PostgreSQL cannot store,
// formulas, files and fields over the limits; and what it prints when the database fails.

const dir = mkdtempSync(path.join(tmpdir(), 'import-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};
const exampleCsv = readFileSync(path.join(EXAMPLES, 'csv', 'members.csv'));
const [header, first] = exampleCsv.toString('utf8').split('\n');

/** The whole check the command runs: reading, then every row against its schema. */
async function problems(file: string) {
  const { source, issues } = await readImportFile(file);
  return [...issues, ...parseSource(source).issues];
}

describe('the import refuses', () => {
  it('a CSV file whose bytes are not UTF-8, naming the row and field (no U+FFFD stored)', async () => {
    // "Tromsø" saved as Latin-1: ø is the byte F8, which UTF-8 never uses.
    const latin1 = Buffer.concat([
      Buffer.from(`${header}\n`),
      Buffer.from(first!.replace('Tromsø', 'Troms'), 'utf8'),
    ]);
    const at = latin1.indexOf('Troms,') + 'Troms'.length;
    const file = write(
      'members.csv',
      Buffer.concat([latin1.subarray(0, at), Buffer.from([0xf8]), latin1.subarray(at)]),
    );
    const found = await problems(file);
    expect(found).toContainEqual({
      where: 'members.csv line 2',
      field: 'postal_location',
      message: expect.stringMatching(/^Not valid UTF-8/),
    });
  });

  it('a JSON file with bytes that are not UTF-8, in a value or outside any row', async () => {
    const value = write(
      'bad.json',
      Buffer.concat([
        Buffer.from('{"members":[{"first_name":"Kl'),
        Buffer.from([0xe4]),
        Buffer.from('re"}]}'),
      ]),
    );
    expect(await problems(value)).toContainEqual({
      where: 'members[0]',
      field: 'first_name',
      message: expect.stringMatching(/^Not valid UTF-8/),
    });
    const key = write(
      'key.json',
      Buffer.concat([Buffer.from('{\n"members":[],\n"x'), Buffer.from([0xff]), Buffer.from('":1}')]),
    );
    expect((await problems(key))[0]).toEqual({
      where: 'key.json line 3',
      field: null,
      message: expect.stringMatching(/^Not valid UTF-8/),
    });
  });

  it('lone surrogates and NUL characters (JSON escapes), naming the field', async () => {
    const example = JSON.parse(readFileSync(path.join(EXAMPLES, 'import.json'), 'utf8'));
    const members = example.members.slice(0, 2);
    members[0].first_name = 'A\ud800';
    members[1].street = 'Weg\u00001';
    const found = await problems(write('text.json', JSON.stringify({ members })));
    expect(found).toEqual([
      { where: 'members[0]', field: 'first_name', message: expect.stringMatching(/well-formed Unicode/) },
      { where: 'members[1]', field: 'street', message: 'Text must not contain NUL characters.' },
    ]);
  });

  it('a file over the size limit without reading it, and a field over the length limit', async () => {
    const big = write('members-big.csv', '');
    truncateSync(big, MAX_IMPORT_FILE_BYTES + 1);
    expect(await problems(big)).toEqual([
      { where: 'members-big.csv', field: null, message: expect.stringMatching(/larger than 64 MB/) },
    ]);
    const long = 'x'.repeat(MAX_IMPORT_FIELD_CHARS + 1);
    // An unclosed quote would read the rest of the file into one field: it stops at the limit.
    const csv = write('members-long.csv', `${header}\n"${long}${'y'.repeat(MAX_IMPORT_FIELD_CHARS)}\n`);
    expect(await problems(csv)).toEqual([
      {
        where: 'members-long.csv',
        field: null,
        message: `line 2: a field is longer than ${MAX_IMPORT_FIELD_CHARS} characters`,
      },
    ]);
    const json = write('long.json', JSON.stringify({ members: [{ first_name: long }] }));
    expect(await problems(json)).toContainEqual({
      where: 'members[0]',
      field: 'first_name',
      message: expect.stringMatching(/^Longer than 10000 characters/),
    });
  });

  it('names and addresses that a spreadsheet would run as a formula', async () => {
    const formula = first!.replace('Kari', '"=HYPERLINK(""http://evil.example"",""Kari"")"');
    const found = await problems(write('members-formula.csv', `${header}\n${formula}\n`));
    expect(found).toEqual([
      {
        where: 'members-formula.csv line 2',
        field: 'first_name',
        message: 'Text must not start with = or @ (a spreadsheet would run it as a formula).',
      },
    ]);
    // A leading + stays data: a phone prefix.
    expect(await problems(write('members-ok.csv', `${header}\n${first}\n`))).toEqual([]);
  });
});

describe('an unexpected failure', () => {
  it('prints the error’s kind, code and constraint, never its message, parameters or detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint_name: 'members_username_uq',
      table_name: 'members',
      detail: 'Key (username)=(kari.nordmann@example.org) already exists.',
    });
    const error = new Error(
      'Failed query: insert into "members" ... params: Kari,Nordmann,kari.nordmann@example.org,$argon2id$v=19$m=19456',
      { cause },
    );
    const printed = describeFailure(error);
    expect(printed).toBe(
      'The import failed and nothing of this file was kept: Error, caused by Error code 23505 constraint members_username_uq table members.',
    );
    expect(printed).not.toMatch(/kari|argon|Failed query|duplicate/i);
  });
});
