import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import type { WalletPassContent } from '@portal/domain';
import { importPKCS8, SignJWT } from 'jose';
import forge from 'node-forge';
import { PKPass } from 'passkit-generator';
import type { WalletPassSigner } from '../../ports.ts';
import type { AppleWalletSettings, GoogleWalletSettings, WalletSettings } from '../../settings.ts';

/*
 * The wallet passes' signing in Node (ADR 043, docs/access-and-pins.md "Wallet passes"):
 * passkit-generator builds and signs the Apple pass (PKCS#7 over manifest.json with the
 * pass type certificate, the WWDR certificate included); jose signs the Google Wallet JWT
 * with the service account's key. Outside production without credentials, a sandbox of
 * this process: a self-signed CA standing in for Apple's WWDR, a pass certificate issued by
 * it, and an RSA key for Google, all made on first use and never written anywhere.
 */

/** What the sandbox signs with; tests verify against its CA certificate and public key. */
export interface WalletSandbox {
  apple: AppleWalletSettings & { caCertificate: string };
  google: GoogleWalletSettings & { publicKey: string };
}

const SANDBOX_PASS_TYPE_ID = 'pass.example.portal.sandbox';
const SANDBOX_TEAM_ID = 'SANDBOX000';
const SANDBOX_ISSUER_ID = '3388000000000000000';

function certificate(
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  publicKey: forge.pki.PublicKey,
  signer: forge.pki.rsa.PrivateKey,
  ca: boolean,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(
    ca
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true },
        ],
  );
  cert.sign(signer, forge.md.sha256.create());
  return cert;
}

function rsaPem() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** A new sandbox: made once per process (key generation takes a moment). */
export function createWalletSandbox(): WalletSandbox {
  const caKeys = rsaPem();
  const passKeys = rsaPem();
  const caName = [
    { name: 'commonName', value: 'Portal sandbox WWDR (not Apple)' },
    { name: 'organizationName', value: 'Portal sandbox' },
  ];
  const ca = certificate(
    caName,
    caName,
    forge.pki.publicKeyFromPem(caKeys.publicKey),
    forge.pki.privateKeyFromPem(caKeys.privateKey),
    true,
  );
  const pass = certificate(
    [
      { name: 'commonName', value: `Pass Type ID: ${SANDBOX_PASS_TYPE_ID}` },
      { name: 'organizationalUnitName', value: SANDBOX_TEAM_ID },
      { name: 'organizationName', value: 'Portal sandbox' },
    ],
    caName,
    forge.pki.publicKeyFromPem(passKeys.publicKey),
    forge.pki.privateKeyFromPem(caKeys.privateKey),
    false,
  );
  const googleKeys = rsaPem();
  return {
    apple: {
      passTypeId: SANDBOX_PASS_TYPE_ID,
      teamId: SANDBOX_TEAM_ID,
      certificate: forge.pki.certificateToPem(pass),
      key: passKeys.privateKey,
      keyPassphrase: null,
      wwdr: forge.pki.certificateToPem(ca),
      caCertificate: forge.pki.certificateToPem(ca),
    },
    google: {
      issuerId: SANDBOX_ISSUER_ID,
      clientEmail: 'wallet-sandbox@portal-sandbox.iam.gserviceaccount.com',
      privateKey: googleKeys.privateKey,
      publicKey: googleKeys.publicKey,
    },
  };
}

/* A PNG of one colour with a lighter square inside: the pass's icon and logo (Apple requires an icon). */
function crc32(data: Buffer): number {
  return (zlib as unknown as { crc32(data: Buffer): number }).crc32(data);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([head, body, crc]);
}

function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function brandPng(width: number, height: number, background: string, mark: string): Buffer {
  const [br, bg, bb] = hexRgb(background);
  const [mr, mg, mb] = hexRgb(mark);
  const rows: Buffer[] = [];
  const inset = Math.round(Math.min(width, height) / 4);
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inside = x >= inset && x < width - inset && y >= inset && y < height - inset;
      row.set(inside ? [mr, mg, mb] : [br, bg, bb], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function images(pass: WalletPassContent): Record<string, Buffer> {
  const { background, label } = pass.colours;
  return {
    'icon.png': brandPng(29, 29, background, label),
    'icon@2x.png': brandPng(58, 58, background, label),
    'logo.png': brandPng(50, 50, background, label),
    'logo@2x.png': brandPng(100, 100, background, label),
  };
}

function rgb(hex: string): string {
  const [r, g, b] = hexRgb(hex);
  return `rgb(${r}, ${g}, ${b})`;
}

async function applePass(settings: AppleWalletSettings, pass: WalletPassContent): Promise<Uint8Array> {
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: settings.passTypeId,
    teamIdentifier: settings.teamId,
    serialNumber: pass.serial,
    organizationName: pass.organisation,
    description: pass.description,
    logoText: pass.brand,
    backgroundColor: rgb(pass.colours.background),
    foregroundColor: rgb(pass.colours.foreground),
    labelColor: rgb(pass.colours.label),
    generic: {
      primaryFields: [{ key: 'member', label: pass.labels.member, value: pass.memberName }],
      secondaryFields: [
        { key: 'number', label: pass.labels.number, value: pass.membershipNumber },
        { key: 'club', label: pass.labels.club, value: pass.homeClub },
      ],
      auxiliaryFields: [{ key: 'status', label: pass.labels.status, value: pass.status }],
    },
  };
  const signed = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...images(pass) },
    {
      wwdr: settings.wwdr,
      signerCert: settings.certificate,
      signerKey: settings.key,
      ...(settings.keyPassphrase ? { signerKeyPassphrase: settings.keyPassphrase } : {}),
    },
  );
  signed.setBarcodes({
    format: 'PKBarcodeFormatQR',
    message: pass.code,
    messageEncoding: 'iso-8859-1',
    altText: pass.membershipNumber,
  });
  return signed.getAsBuffer();
}

async function googleLink(settings: GoogleWalletSettings, pass: WalletPassContent): Promise<string> {
  const text = (value: string) => ({ defaultValue: { language: pass.language, value } });
  const object = {
    id: `${settings.issuerId}.${pass.serial}`,
    classId: `${settings.issuerId}.membership_${pass.operatorId}`,
    state: 'ACTIVE',
    cardTitle: text(pass.brand),
    header: text(pass.memberName),
    subheader: text(pass.labels.member),
    hexBackgroundColor: pass.colours.background,
    textModulesData: [
      { id: 'number', header: pass.labels.number, body: pass.membershipNumber },
      { id: 'club', header: pass.labels.club, body: pass.homeClub },
      { id: 'status', header: pass.labels.status, body: pass.status },
    ],
    barcode: { type: 'QR_CODE', value: pass.code, alternateText: pass.membershipNumber },
  };
  const key = await importPKCS8(settings.privateKey, 'RS256');
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [],
    payload: {
      genericClasses: [{ id: object.classId }],
      genericObjects: [object],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(settings.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

/** The Node signer for these settings; a sandbox is made on first use (or passed in by tests). */
export function createNodeWalletSigner(
  settings: WalletSettings,
  options: { sandbox?: () => WalletSandbox } = {},
): WalletPassSigner {
  let sandbox: WalletSandbox | undefined;
  const sandboxOf = () => {
    sandbox ??= (options.sandbox ?? createWalletSandbox)();
    return sandbox;
  };
  return {
    async apple(pass) {
      if (settings.apple === null) return null;
      return applePass(settings.apple === 'sandbox' ? sandboxOf().apple : settings.apple, pass);
    },
    async google(pass) {
      if (settings.google === null) return null;
      return googleLink(settings.google === 'sandbox' ? sandboxOf().google : settings.google, pass);
    },
  };
}
