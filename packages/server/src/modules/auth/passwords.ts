import { normalizePassword } from '@portal/domain';
import { randomBase64url, randomHex, sha256Hex } from '../../platform/crypto.ts';
import type { PasswordHasher } from '../../ports.ts';

/**
 * New passwords are hashed in their NFC form (domain passwordPolicy.ts). A password typed in
 * another form is tried as typed too, for hashes made before that (one more hash only for
 * input that is not NFC already, whatever the username).
 */
export async function verifyPassword(
  passwords: PasswordHasher,
  passwordHash: string,
  password: string,
): Promise<boolean> {
  const nfc = normalizePassword(password);
  if (await passwords.verify(passwordHash, nfc)) return true;
  return nfc !== password && passwords.verify(passwordHash, password);
}

const dummies = new WeakMap<PasswordHasher, Promise<string>>();
/**
 * Verifies against a hash of nothing, so an unknown username costs as much time as a
 * wrong password for a known one.
 */
export async function verifyDummy(passwords: PasswordHasher, password: string): Promise<void> {
  let dummy = dummies.get(passwords);
  if (!dummy) {
    dummy = passwords.hash(randomHex(16));
    dummies.set(passwords, dummy);
  }
  await verifyPassword(passwords, await dummy, password);
}

/** An opaque bearer or reset token: 32 random bytes, base64url. */
export const newToken = () => randomBase64url(32);

/** Tokens are stored as their sha256 (hex) only. */
export const tokenHash = (token: string) => sha256Hex(token);
