import { createHash, X509Certificate } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DoorCheckIn, GoogleWalletLink } from '@portal/contract';
import type { Persona } from '@portal/demo-data';
import { WALLET_COLOURS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeWalletSigner, createWalletSandbox } from '../src/adapters/wallet/node.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { memberships, members } from '../src/db/schema.ts';
import { featureReport } from '../src/feature-report.ts';
import { demoDoorKey } from '../src/modules/workouts/demo-door-keys.ts';
import { bearer, databases, startApp, type TestApp, testConfig } from './support/harness.ts';
import { expectRefusal } from './support/member-api.ts';

const NOW = '2026-11-22T10:00:00Z';
const BERLIN = 'de-berlin-mitte';
const sandbox = createWalletSandbox();

/** The files of a zip, by name (unzip(1), not the library that wrote it). */
function unzipped(file: Buffer): { dir: string; files: Record<string, Buffer> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkpass-'));
  writeFileSync(path.join(dir, 'pass.pkpass'), file);
  execFileSync('unzip', ['-q', 'pass.pkpass', '-d', 'out'], { cwd: dir });
  const files = Object.fromEntries(
    readdirSync(path.join(dir, 'out')).map((name) => [name, readFileSync(path.join(dir, 'out', name))]),
  );
  return { dir, files };
}

describe.each(databases())('wallet passes on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await startApp(kind, { now: NOW });
    const config = testConfig();
    app = await buildApp({
      db: t.db,
      clock: t.clock,
      config,
      wallet: createNodeWalletSigner(config.wallet, { sandbox: () => sandbox }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  let seq = 0;
  const call = (method: 'GET' | 'DELETE', url: string, token: string) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(token) });
  const door = (code: string, club = BERLIN) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/door/check_ins',
      headers: bearer(demoDoorKey(club)),
      payload: { check_in_id: `wallet-${kind}-${++seq}`, code, at: t.clock.now().toISOString() },
    });
  const later = (seconds: number) => t.clock.set(new Date(t.clock.now().getTime() + seconds * 1000));
  const tokenOf = (persona: Persona, op: 'de' | 'no' = 'de') => t.signIn(persona, op);
  const googlePass = async (token: string) => {
    const res = await call('GET', '/v1/membership/wallet/google', token);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = GoogleWalletLink.parse(res.json());
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload } = await jwtVerify(jwt, await importSPKI(sandbox.google.publicKey, 'RS256'), {
      issuer: sandbox.google.clientEmail,
      audience: 'google',
    });
    return payload as { typ: string; payload: { genericObjects: Record<string, unknown>[] } };
  };

  it('answers a signed pkpass: pass.json, a manifest of the files and a signature openssl verifies', async () => {
    const token = await tokenOf('active');
    const res = await call('GET', '/v1/membership/wallet/apple', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const { dir, files } = unzipped(res.rawPayload);
    try {
      expect(Object.keys(files)).toEqual(
        expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png', 'logo.png']),
      );
      const manifest = JSON.parse(files['manifest.json']!.toString()) as Record<string, string>;
      const listed = Object.keys(manifest).sort();
      expect(listed).toEqual(
        Object.keys(files)
          .filter((name) => name !== 'manifest.json' && name !== 'signature')
          .sort(),
      );
      for (const name of listed)
        expect(manifest[name], name).toBe(createHash('sha1').update(files[name]!).digest('hex'));

      const pass = JSON.parse(files['pass.json']!.toString());
      expect(pass).toMatchObject({
        formatVersion: 1,
        passTypeIdentifier: sandbox.apple.passTypeId,
        teamIdentifier: sandbox.apple.teamId,
        // The German operator's brand colour (#4338ca), as its portal shows it.
        backgroundColor: 'rgb(67, 56, 202)',
      });
      const [member] = await t.db.select().from(members).where(eq(members.username, 'active@de.example'));
      const [membership] = await t.db.select().from(memberships).where(eq(memberships.memberId, member!.id));
      const fields = [
        ...pass.generic.primaryFields,
        ...pass.generic.secondaryFields,
        ...pass.generic.auxiliaryFields,
      ];
      const values = Object.fromEntries(fields.map((f: { key: string; value: string }) => [f.key, f.value]));
      expect(values).toMatchObject({
        member: `${member!.firstName} ${member!.lastName}`,
        number: membership!.membershipNumber,
        status: { de: 'aktiv', en: 'Active' }[member!.locale.slice(0, 2)],
      });
      expect(values.club).toBeTruthy();
      expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR' });
      expect(pass.barcodes[0].message).toMatch(/^WALLET:[0-9A-F]{32}$/);

      // The signature: PKCS#7 over manifest.json by the pass certificate, chained to the sandbox CA.
      writeFileSync(path.join(dir, 'ca.pem'), sandbox.apple.caCertificate);
      writeFileSync(path.join(dir, 'manifest.json'), files['manifest.json']!);
      writeFileSync(path.join(dir, 'signature'), files.signature!);
      const args = ['-CAfile', 'ca.pem', '-purpose', 'any'];
      const smime = (content: string) =>
        execFileSync(
          'openssl',
          ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', content, ...args],
          { cwd: dir, stdio: 'pipe' },
        );
      // Verified, it writes the signed content: the manifest itself.
      expect(smime('manifest.json').equals(files['manifest.json']!)).toBe(true);
      // A changed manifest does not verify.
      writeFileSync(
        path.join(dir, 'tampered.json'),
        Buffer.concat([files['manifest.json']!, Buffer.from(' ')]),
      );
      expect(() => smime('tampered.json')).toThrow();
      // Signed by the pass certificate itself.
      const certs = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', 'signature', '-print_certs'], {
        cwd: dir,
      }).toString();
      expect(certs).toContain(
        new X509Certificate(sandbox.apple.certificate).subject.split('\n')[0]!.split('=')[1]!,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a Google Wallet link whose JWT the sandbox key verifies, with the same card and code', async () => {
    const token = await tokenOf('in_trial');
    const apple = unzipped((await call('GET', '/v1/membership/wallet/apple', token)).rawPayload);
    rmSync(apple.dir, { recursive: true, force: true });
    const code = JSON.parse(apple.files['pass.json']!.toString()).barcodes[0].message;
    const jwt = await googlePass(token);
    expect(jwt.typ).toBe('savetowallet');
    const [object] = jwt.payload.genericObjects;
    expect(object).toMatchObject({
      state: 'ACTIVE',
      // The German operator's brand colour, as its portal shows it.
      hexBackgroundColor: WALLET_COLOURS.de!.background,
      barcode: { type: 'QR_CODE', value: code },
    });
    const status = (object!.textModulesData as { id: string; body: string }[]).find((m) => m.id === 'status');
    expect(['Trial', 'Probetraining']).toContain(status?.body);
    // A JWT signed with another key does not verify.
    const other = createWalletSandbox().google.publicKey;
    const res = await call('GET', '/v1/membership/wallet/google', token);
    const otherJwt = GoogleWalletLink.parse(res.json()).url.split('/save/')[1]!;
    await expect(jwtVerify(otherJwt, await importSPKI(other, 'RS256'))).rejects.toThrow();
  });

  it('lets the door in with the wallet code (key_type wallet) until it is removed', async () => {
    const token = await tokenOf('rfid');
    const [object] = (await googlePass(token)).payload.genericObjects;
    const code = (object!.barcode as { value: string }).value;
    const res = await door(code);
    expect(res.statusCode, res.body).toBe(200);
    expect(DoorCheckIn.parse(res.json())).toMatchObject({
      key_type: 'wallet',
      counted: true,
      location_id: BERLIN,
    });
    // The same code on the next pass: one code a membership.
    const [again] = (await googlePass(token)).payload.genericObjects;
    expect((again!.barcode as { value: string }).value).toBe(code);
    // Another operator's door does not know it.
    later(3600);
    expectRefusal(await door(code, 'no-oslo-grunerlokka'), 'unknown_code');
    // Another member's removal removes only their own code.
    expect(
      (await call('DELETE', '/v1/membership/wallet', await tokenOf('scheduled_freeze'))).statusCode,
    ).toBe(204);
    later(3600);
    expect((await door(code)).statusCode).toBe(200);
    // Nor does another member read it: their pass has their own code.
    const [theirs] = (await googlePass(await tokenOf('active'))).payload.genericObjects;
    expect((theirs!.barcode as { value: string }).value).not.toBe(code);
    // Neither the membership's key list nor the export shows it.
    for (const url of ['/v2/membership', '/v1/membership/export']) {
      const read = await call('GET', url, token);
      expect(read.statusCode, url).toBe(200);
      expect(read.body).not.toContain(code);
    }

    expect((await call('DELETE', '/v1/membership/wallet', token)).statusCode).toBe(204);
    later(3600);
    expectRefusal(await door(code), 'key_not_active');
    // A new pass gets a new code.
    const [next] = (await googlePass(token)).payload.genericObjects;
    expect((next!.barcode as { value: string }).value).not.toBe(code);
  });

  it('refuses the code once the membership has ended, and passes for statuses without access', async () => {
    const token = await tokenOf('max_frozen');
    const [object] = (await googlePass(token)).payload.genericObjects;
    const code = (object!.barcode as { value: string }).value;
    const [member] = await t.db.select().from(members).where(eq(members.username, 'max_frozen@de.example'));
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    await t.db.update(memberships).set({ stoppedOn: yesterday }).where(eq(memberships.memberId, member!.id));
    later(3600);
    expectRefusal(await door(code), 'key_not_active');

    const cancelled = await tokenOf('cancelled');
    expectRefusal(await call('GET', '/v1/membership/wallet/apple', cancelled), 'invalid_status_for_access');
    expect((await call('GET', '/v1/membership/wallet/apple', '')).statusCode).toBe(401);
  });
});

describe('wallet passes without credentials', () => {
  it('answers 503 wallet_unavailable in production without certificates, and the report says so', async () => {
    const t = await startApp('pglite', { now: NOW });
    const config = testConfig({ wallet: { apple: null, google: null } });
    const app = await buildApp({ db: t.db, clock: t.clock, config });
    try {
      await app.ready();
      const token = await t.signIn('active', 'de');
      for (const url of ['/api/v1/membership/wallet/apple', '/api/v1/membership/wallet/google']) {
        const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, url).toBe(503);
        expect(res.json().errors[0].type).toBe('wallet_unavailable');
      }
    } finally {
      await app.close();
      await t.close();
    }
    const production = featureReport(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/db', LOG_FORMAT: 'json' }),
    );
    expect(production.find((f) => f.feature === 'Apple Wallet passes')).toMatchObject({
      state: 'off',
      missing: expect.arrayContaining(['APPLE_PASS_CERTIFICATE']),
    });
    expect(production.find((f) => f.feature === 'Google Wallet passes')).toMatchObject({ state: 'off' });
    expect(featureReport(testConfig()).find((f) => f.feature === 'Apple Wallet passes')?.state).toBe(
      'sandbox',
    );
  });

  it('reads configured credentials from the environment', () => {
    const env = {
      NODE_ENV: 'test',
      APPLE_PASS_TYPE_ID: 'pass.example.portal',
      APPLE_TEAM_ID: 'ABCDE12345',
      APPLE_PASS_CERTIFICATE: sandbox.apple.certificate.replace(/\n/g, '\\n'),
      APPLE_PASS_KEY: sandbox.apple.key,
      APPLE_WWDR_CERTIFICATE: sandbox.apple.wwdr,
      GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
      GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
        client_email: 'wallet@example.iam.gserviceaccount.com',
        private_key: sandbox.google.privateKey,
      }),
    };
    const { wallet } = loadConfig(env);
    expect(wallet.apple).toMatchObject({
      passTypeId: 'pass.example.portal',
      certificate: sandbox.apple.certificate.trim(),
    });
    expect(wallet.google).toMatchObject({ issuerId: '3388000000012345678' });
    expect(() => loadConfig({ ...env, APPLE_PASS_KEY: 'not a key' })).toThrow(/APPLE_PASS_KEY/);
  });
});
