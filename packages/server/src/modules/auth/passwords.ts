import { hash as sha, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { normalizePassword } from '@portal/domain';

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's recommendation). */
export const hashPassword = (password: string) => hash(password);

async function verifies(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * New passwords are hashed in their NFC form (domain passwordPolicy.ts). A password typed in
 * another form is tried as typed too, for hashes made before that (one more hash only for
 * input that is not NFC already, whatever the username).
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const nfc = normalizePassword(password);
  if (await verifies(passwordHash, nfc)) return true;
  return nfc !== password && verifies(passwordHash, password);
}

let dummy: Promise<string> | null = null;
/**
 * Verifies against a hash of nothing, so an unknown username costs as much time as a
 * wrong password for a known one.
 */
export async function verifyDummy(password: string): Promise<void> {
  dummy ??= hash(randomBytes(16).toString('hex'));
  await verifyPassword(await dummy, password);
}

/** An opaque bearer or reset token: 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored as their sha256 only. */
// The one-shot hash: every signed-in request hashes its token (a third of createHash's cost).
export const tokenHash = (token: string) => sha('sha256', token, 'hex');
