import path from 'node:path';
import { ErrorBody, type ImportDocumentInput, Membership } from '@portal/contract';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import * as s from '../src/db/schema.ts';
import { csvRows, parseCsv, parseHours } from '../src/modules/import/csv.ts';
import { MAX_IMPORT_FIELD_CHARS } from '../src/modules/import/source.ts';
import { readImportFile } from '../src/import-file.ts';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';
import {
  EXAMPLES,
  importInto,
  lastMailTo,
  refusal,
  setPassword,
  signInAs,
  sourceOf,
  tokenIn,
} from './support/imports.ts';

const NOW = '2026-11-22T10:00:00Z';
const ORIGIN_DE = 'https://mitglieder.stride.example';
const config = {
  ...loadConfig({ NODE_ENV: 'test', PORT: '8080', PUBLIC_ORIGIN_DE: ORIGIN_DE }),
  logLevel: 'silent',
};
const JANA = 'jana.wolff@example.org';
const TOM = 'tom.becker@example.org';

/** A member row of the example's product, for the tests to vary. */
const member = (overrides: Record<string, unknown> = {}) => ({
  membership_number: 'D-TEST-1',
  operator_id: 'de',
  email: 'lea.sommer@example.org',
  first_name: 'Lea',
  last_name: 'Sommer',
  street: 'Nikolaistraße 2',
  postal_code: '04109',
  postal_location: 'Leipzig',
  mobile_prefix: '+49',
  mobile_number: '15199887766',
  product_id: 'de-sachsen',
  club_id: 'de-leipzig-zentrum',
  begin_date: '2025-01-01',
  ...overrides,
});

describe.each(databases())('the import on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: NOW, seed: false, config });
  });
  afterAll(() => t?.close());

  const tableSizes = async () => {
    const sizes: Record<string, number> = {};
    for (const [name, table] of Object.entries({
      locations: s.locations,
      products: s.products,
      promotions: s.referralPromotions,
      members: s.members,
      memberships: s.memberships,
      keys: s.keys,
      freezes: s.freezePeriods,
      tokens: s.passwordResetTokens,
      outbox: s.outbox,
      events: s.events,
    })) {
      sizes[name] = (await t.db.select({ n: count() }).from(table))[0]!.n;
    }
    return sizes;
  };
  const snapshot = async () => ({
    members: await t.db.select().from(s.members).orderBy(asc(s.members.username)),
    memberships: await t.db.select().from(s.memberships).orderBy(asc(s.memberships.membershipNumber)),
    clubs: await t.db.select().from(s.locations).orderBy(asc(s.locations.id)),
    keys: await t.db.select().from(s.keys).orderBy(asc(s.keys.code)),
  });

  it('refuses a file with invalid rows, naming each row and field, and writes nothing', async () => {
    const before = await tableSizes();
    const issues = await refusal(
      importInto(
        t,
        {
          clubs: [
            { id: 'de-halle', operator_id: 'de', name: 'Halle', street: 'Markt 1', postal_code: '06108' },
          ],
          members: [member({ email: 'not an address', begin_date: '2025-13-01' })],
          keys: [{ membership_number: 'D-TEST-1', type: 'chip', code: '1234', valid_from: '2025-01-01' }],
        },
        config,
      ),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ where: 'clubs[0]', field: 'postal_location' }),
        expect.objectContaining({ where: 'members[0]', field: 'email' }),
        expect.objectContaining({ where: 'members[0]', field: 'begin_date' }),
        expect.objectContaining({ where: 'keys[0]', field: 'type' }),
      ]),
    );
    expect(await tableSizes()).toEqual(before);
  });

  it('refuses rows that refer to what neither the file nor the database has, and writes none of the good ones', async () => {
    const before = await tableSizes();
    const example = JSON.parse(
      await import('node:fs/promises').then((fs) => fs.readFile(path.join(EXAMPLES, 'import.json'), 'utf8')),
    ) as Required<ImportDocumentInput>;
    const issues = await refusal(
      importInto(
        t,
        {
          ...example,
          members: [...example.members, member({ product_id: 'de-nowhere', club_id: 'de-dresden-neustadt' })],
          freezes: [
            ...example.freezes,
            { membership_number: 'D-404', begin_date: '2026-01-01', end_date: '2026-01-31' },
          ],
        },
        config,
      ),
    );
    expect(issues).toEqual([
      {
        where: 'members[2]',
        field: 'product_id',
        message: 'Unknown product de-nowhere: import it first or in the same file.',
      },
      {
        where: 'freezes[1]',
        field: 'membership_number',
        message: 'No member with the number D-404 in the file or the database.',
      },
    ]);
    // The example's clubs, product and members were fine, and are not there either.
    expect(await tableSizes()).toEqual(before);
  });

  it('refuses an operator that is not in the catalogue', async () => {
    const issues = await refusal(importInto(t, { members: [member({ operator_id: 'se' })] }, config));
    expect(issues).toEqual([
      {
        where: 'members[0]',
        field: 'operator_id',
        message: expect.stringMatching(/^Unknown operator "se": .*de, at, ch, no, fi\.$/),
      },
    ]);
  });

  it('refuses any password field, in a JSON row and in a CSV header', async () => {
    const before = await tableSizes();
    const json = await refusal(importInto(t, { members: [member({ password: 'geheim123' })] }, config));
    expect(json).toEqual([
      {
        where: 'members[0]',
        field: 'password',
        message: expect.stringContaining('Passwords are never imported'),
      },
    ]);
    const csv = csvRows(
      'membership_number,email,password_hash\nD-1,a@b.de,$argon2id$x\n',
      'members',
      'members.csv',
    );
    expect(csv.rows).toEqual([]);
    expect(csv.issues).toEqual([
      {
        where: 'members.csv line 1',
        field: 'password_hash',
        message: expect.stringContaining('Passwords are never imported'),
      },
    ]);
    expect(await tableSizes()).toEqual(before);
  });

  it('imports the example file and invites each new member in their language, on the operator’s address', async () => {
    const report = await importInto(t, await sourceOf(path.join(EXAMPLES, 'import.json')), config);
    expect(report).toEqual({
      counts: {
        clubs: { created: 2, updated: 0, unchanged: 0 },
        products: { created: 1, updated: 0, unchanged: 0 },
        promotions: { created: 1, updated: 0, unchanged: 0 },
        members: { created: 2, updated: 0, unchanged: 0 },
        keys: { created: 2, updated: 0, unchanged: 0 },
        freezes: { created: 1, updated: 0, unchanged: 0 },
        classes: { created: 1, updated: 0, unchanged: 0 },
        class_sessions: { created: 1, updated: 0, unchanged: 0 },
      },
      invited: 2,
    });
    // Jana chose German; Tom has the operator's default locale, en-DE.
    const jana = await lastMailTo(t, JANA, 'de');
    expect(jana?.subject).toBe('Ihr Mitgliedskonto bei Stride Fitness ist bereit');
    expect(jana?.body).toContain(`${ORIGIN_DE}/password/update?token=`);
    expect(jana?.body).toContain(`Ihr Benutzername ist ${JANA}`);
    const tom = await lastMailTo(t, TOM, 'de');
    expect(tom?.subject).toBe('Your Stride Fitness member account is ready');
    expect(tom?.body).toContain('valid for 7 days');
    // Nobody can sign in before choosing a password.
    for (const password of ['x', 'demo', 'password']) {
      expect((await signInAs(t, 'de', JANA, password)).statusCode).toBe(401);
    }
  });

  it('lets an invited member set a password through the link and see the imported membership', async () => {
    const token = tokenIn((await lastMailTo(t, JANA, 'de'))!.body)!;
    expect((await setPassword(t, 'no', token, 'not-this-operator')).statusCode).toBe(422);
    expect((await setPassword(t, 'de', token, 'mein-passwort')).statusCode).toBe(204);
    // The link works once.
    const again = await setPassword(t, 'de', token, 'noch-eins');
    expect(ErrorBody.parse(again.json()).errors[0]?.type).toBe('invalid_reset_token');

    const signIn = await signInAs(t, 'de', JANA, 'mein-passwort');
    expect(signIn.statusCode, signIn.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/membership',
      headers: bearer(signIn.json().token),
    });
    const membership = Membership.parse(res.json());
    expect(membership).toMatchObject({
      membership_number: 'D-2019-004711',
      status: 'active',
      begin_date: '2024-02-01',
      referral_code: 'JANA4711',
      gdpr_opt_in: true,
      locale: 'de-DE',
      location: { id: 'de-leipzig-zentrum', name: 'Stride Leipzig Zentrum' },
      product: { locations: ['de-leipzig-zentrum', 'de-dresden-neustadt'], schedule: { monthly_fee: 2490 } },
      profile: {
        first_name: 'Jana',
        email: JANA,
        address: { street: 'Karl-Liebknecht-Straße 12', country: 'DE' },
        mobile: { prefix: '+49', number: '15112345678' },
      },
    });
    expect(membership.keys.map((k) => [k.type, k.code])).toEqual([['pin', '482913']]);
    expect(membership.freeze_periods.map((f) => [f.begin_date, f.end_date])).toEqual([
      ['2025-07-01', '2025-08-31'],
    ]);
    // Signed up long ago: no withdrawal period.
    expect(membership.withdrawal_until ?? null).toBeNull();
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = { sizes: await tableSizes(), rows: await snapshot() };
    const report = await importInto(t, await sourceOf(path.join(EXAMPLES, 'import.json')), config);
    expect(report.invited).toBe(0);
    for (const counts of Object.values(report.counts)) expect(counts.created + counts.updated).toBe(0);
    expect(Object.values(report.counts).reduce((n, c) => n + c.unchanged, 0)).toBe(11);
    expect(await tableSizes()).toEqual(before.sizes);
    expect(await snapshot()).toEqual(before.rows);
  });

  it('updates what changed in the file, logs it on the membership and keeps the password', async () => {
    const report = await importInto(
      t,
      {
        members: [
          {
            ...member(),
            membership_number: 'D-2019-004711',
            email: JANA,
            first_name: 'Jana',
            last_name: 'Wolff',
            street: 'Karl-Liebknecht-Straße 12',
            postal_code: '04107',
            mobile_number: '15112345678',
            gender: 'female',
            birthdate: '1990-07-14',
            locale: 'de-DE',
            gdpr_opt_in: true,
            begin_date: '2024-02-01',
            signed_up_on: '2024-01-18',
            referral_code: 'JANA4711',
            // New in the back office: cancelled, ending at the end of next month.
            cancelled_on: '2026-11-20',
            end_date: '2026-12-31',
          },
        ],
        keys: [{ membership_number: 'D-2019-004711', type: 'pin', code: '482913', valid_from: '2024-02-01' }],
      },
      config,
    );
    expect(report.counts.members).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(report.counts.keys).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(report.invited).toBe(0);
    const [event] = await t.db.select().from(s.events).where(eq(s.events.action, 'membership_imported'));
    expect(event?.details).toEqual({ changed: ['cancelledOn', 'endDate'] });

    const signIn = await signInAs(t, 'de', JANA, 'mein-passwort');
    expect(signIn.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/membership',
      headers: bearer(signIn.json().token),
    });
    expect(Membership.parse(res.json())).toMatchObject({ status: 'in_cancellation', end_date: '2026-12-31' });
  });

  it('never moves a membership, a club or a chip to another operator or member', async () => {
    const before = await tableSizes();
    const issues = await refusal(
      importInto(
        t,
        {
          clubs: [
            {
              id: 'de-leipzig-zentrum',
              operator_id: 'at',
              name: 'Stride Leipzig',
              street: 'Petersstraße 36',
              postal_code: '04109',
              postal_location: 'Leipzig',
            },
          ],
          members: [
            member({ membership_number: 'D-2019-004711', operator_id: 'at', product_id: 'x', club_id: 'y' }),
            member({ membership_number: 'D-NEW-2', email: TOM }),
          ],
          keys: [
            { membership_number: 'D-2026-000815', type: 'rfid', code: 'C0FFEE01', valid_from: '2026-10-02' },
            { membership_number: 'D-NEW-2', type: 'rfid', code: 'C0FFEE01', valid_from: '2026-10-02' },
          ],
        },
        config,
      ),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        {
          where: 'clubs[0]',
          field: 'operator_id',
          message: 'The club de-leipzig-zentrum belongs to operator de.',
        },
        {
          where: 'members[0]',
          field: 'membership_number',
          message: 'D-2019-004711 is a membership of operator de.',
        },
        { where: 'members[1]', field: 'email', message: `Another member of de signs in as ${TOM}.` },
        { where: 'keys[1]', field: 'code', message: 'This chip belongs to another membership.' },
      ]),
    );
    expect(await tableSizes()).toEqual(before);
  });

  it('checks and counts everything in a dry run, and keeps nothing', async () => {
    const before = await tableSizes();
    const report = await importInto(t, { members: [member()] }, config, { dryRun: true });
    expect(report.counts.members).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(report.invited).toBe(1);
    expect(await tableSizes()).toEqual(before);
  });

  it('imports the example CSV files in order, and again without a change', async () => {
    const files = [
      'clubs',
      'products',
      'promotions',
      'members',
      'keys',
      'freezes',
      'classes',
      'class_sessions',
    ].map((e) => path.join(EXAMPLES, 'csv', `${e}.csv`));
    const norway = {
      ...config,
      publicOrigins: { ...config.publicOrigins, no: 'https://medlem.stride.example' },
    };
    for (const file of files) await importInto(t, await sourceOf(file), norway);
    const kari = await lastMailTo(t, 'kari.nordmann@example.org', 'no');
    expect(kari?.subject).toBe('Medlemskontoen din hos Stride Trening er klar');
    expect(kari?.body).toContain('https://medlem.stride.example/password/update?token=');
    const [promotion] = await t.db
      .select()
      .from(s.referralPromotions)
      .where(eq(s.referralPromotions.id, 'no-referral'));
    expect(promotion?.presentation.nb).toBe(
      'Del vervekoden din med venner.\nNår en venn blir medlem, får du 2 måneder til halv pris.',
    );
    const [club] = await t.db.select().from(s.locations).where(eq(s.locations.id, 'no-tromso-sentrum'));
    expect(club?.staffedHours).toEqual([
      { days: [1, 2, 3, 4], opens: '10:00', closes: '20:00' },
      { days: [5], opens: '10:00', closes: '18:00' },
      { days: [6], opens: '10:00', closes: '15:00' },
    ]);

    const before = await tableSizes();
    for (const file of files) {
      const report = await importInto(t, await sourceOf(file), norway);
      for (const c of Object.values(report.counts)) expect(c.created + c.updated).toBe(0);
    }
    expect(await tableSizes()).toEqual(before);
  });

  it('in production, invites no member of an operator without its public address, and imports none', async () => {
    const production = { ...loadConfig({ NODE_ENV: 'production', PORT: '8080' }), logLevel: 'silent' };
    const issues = await refusal(
      importInto(t, { members: [member({ membership_number: 'D-PROD-1' })] }, production),
    );
    expect(issues).toEqual([
      {
        where: 'members[0]',
        field: 'operator_id',
        message: "Set PUBLIC_ORIGIN_DE first: the invitation's link needs the portal's public address.",
      },
    ]);
  });

  it('lets an invitation’s link work for seven days, then no more', async () => {
    await importInto(
      t,
      { members: [member({ membership_number: 'D-LATE-1', email: 'late@example.org' })] },
      config,
    );
    const token = tokenIn((await lastMailTo(t, 'late@example.org', 'de'))!.body)!;
    const started = t.clock.now();
    try {
      t.clock.advance(7 * 24 * 60 * 60 * 1000 + 60_000);
      const late = await setPassword(t, 'de', token, 'zu-spaet');
      expect(late.statusCode).toBe(422);
      expect(ErrorBody.parse(late.json()).errors[0]?.type).toBe('invalid_reset_token');
      t.clock.set(new Date(started.getTime() + 7 * 24 * 60 * 60 * 1000 - 60_000));
      expect((await setPassword(t, 'de', token, 'gerade-noch-rechtzeitig')).statusCode).toBe(204);
    } finally {
      t.clock.set(started);
    }
  });
});

describe('import files', () => {
  it('reads CSV with semicolons, quoted separators, line breaks and doubled quotes', () => {
    const { records, error } = parseCsv('\uFEFFa;b;c\r\n1;"x; ""y""\nz";\n\n2;;3\n');
    expect(error).toBeNull();
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'x; "y"\nz', ''] },
      { line: 5, cells: ['2', '', '3'] },
    ]);
    expect(parseCsv('a,b\n"open,2\n').error).toBe('line 2: a quoted field is not closed');
  });

  it('counts lines across mixed line ends, blank lines and line breaks in quotes', () => {
    const { records, error } = parseCsv('a,b\r\n1,"x\r\ny"\n\n\r3,4\r5,"6 ""inch"""\n7,12" mat\n');
    expect(error).toBeNull();
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'x\r\ny'] },
      { line: 6, cells: ['3', '4'] },
      { line: 7, cells: ['5', '6 "inch"'] },
      // A quote inside an unquoted field is a character, as spreadsheets read it.
      { line: 8, cells: ['7', '12" mat'] },
    ]);
    // Problems name the line their record or field starts on.
    expect(parseCsv('a,b\n1,2\n\n\n"open\n,2\n').error).toBe('line 5: a quoted field is not closed');
    const long = 'x'.repeat(MAX_IMPORT_FIELD_CHARS);
    expect(parseCsv(`a,b\n1,2\n3,"line\n${long}"\n`).error).toBe(
      `line 3: a field is longer than ${MAX_IMPORT_FIELD_CHARS} characters`,
    );
    expect(parseCsv(`a,b\n1,2\n\n3,"${long}\n${long}\n`).error).toBe(
      `line 4: a field is longer than ${MAX_IMPORT_FIELD_CHARS} characters`,
    );
    expect(parseCsv(`a,b\n1,2\n3,"${long}"\n`).error).toBeNull();
  });

  it('reads hours, lists, numbers and yes/no in CSV cells, and leaves empty cells out', () => {
    expect(parseHours('1-5 06:00-23:00; 6,7 08:00-22:00')).toEqual([
      { days: [1, 2, 3, 4, 5], opens: '06:00', closes: '23:00' },
      { days: [6, 7], opens: '08:00', closes: '22:00' },
    ]);
    expect(parseHours('Mo-Fr 6-23')).toBeNull();
    const { rows, issues } = csvRows(
      'id,monthly_fee,require_phone_verification,club_ids,binding_months\np,2990,yes,a| b,\n',
      'products',
      'products.csv',
    );
    expect(issues).toEqual([]);
    expect(rows).toEqual([
      {
        where: 'products.csv line 2',
        data: { id: 'p', monthly_fee: 2990, require_phone_verification: true, club_ids: ['a', 'b'] },
      },
    ]);
    expect(csvRows('id,opening_hours\nc,always\n', 'clubs', 'clubs.csv').issues[0]).toMatchObject({
      where: 'clubs.csv line 2',
      field: 'opening_hours',
    });
    expect(csvRows('id,colour\nc,red\n', 'clubs', 'clubs.csv').issues[0]).toMatchObject({
      where: 'clubs.csv line 1',
      field: 'colour',
    });
  });

  it('names the entity of a CSV file by --entity or by the file name, and refuses other files', async () => {
    const members = path.join(EXAMPLES, 'csv', 'members.csv');
    expect(Object.keys((await readImportFile(members)).source)).toEqual(['members']);
    expect((await readImportFile(members, { entity: 'widgets' })).issues[0]?.message).toMatch(/--entity/);
    expect((await readImportFile(path.join(EXAMPLES, 'members.xlsx'))).issues).toEqual([
      { where: 'members.xlsx', field: null, message: 'Import a .json or a .csv file.' },
    ]);
  });
});
