import { fromBase64url, fromHex, randomBytes, toBase64url, utf8 } from './crypto.ts';

/*
 * Secrets the server must read back (a phone's TOTP secret, ADR 042) are stored sealed with
 * AES-256-GCM under a key from the environment, through Web Crypto, which Node and every
 * browser have. Sealed text: `v1.<iv>.<ciphertext with tag>`, both base64url; the version
 * leaves room for another key or cipher later.
 */

const encoder = new TextEncoder();

type Key = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

/** Bytes as Web Crypto takes them. */
const buffer = (bytes: Uint8Array) => new Uint8Array(bytes) as Uint8Array<ArrayBuffer>;

async function importKey(hexKey: string): Promise<Key> {
  const raw = fromHex(hexKey);
  if (raw?.length !== 32) throw new Error('the entry code key must be 32 bytes');
  return globalThis.crypto.subtle.importKey('raw', buffer(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export interface SecretBox {
  seal(plain: string, context: string): Promise<string>;
  /** The plain text, or null when the sealed text is not one of this key's (or was changed). */
  open(sealed: string, context: string): Promise<string | null>;
}

/**
 * A box over one key. `context` (a device id) is authenticated with the ciphertext, so a
 * sealed secret copied to another row does not open there.
 */
export function secretBox(hexKey: string): SecretBox {
  const key = importKey(hexKey);
  return {
    async seal(plain, context) {
      const iv = randomBytes(12);
      const sealed = await globalThis.crypto.subtle.encrypt(
        { name: 'AES-GCM', iv: buffer(iv), additionalData: encoder.encode(context) },
        await key,
        encoder.encode(plain),
      );
      return `v1.${toBase64url(iv)}.${toBase64url(new Uint8Array(sealed))}`;
    },
    async open(sealed, context) {
      const [version, ivText, dataText] = sealed.split('.');
      const iv = ivText ? fromBase64url(ivText) : null;
      const data = dataText ? fromBase64url(dataText) : null;
      if (version !== 'v1' || !iv || !data) return null;
      try {
        const plain = await globalThis.crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: buffer(iv), additionalData: encoder.encode(context) },
          await key,
          buffer(data),
        );
        return utf8(new Uint8Array(plain));
      } catch {
        return null;
      }
    },
  };
}
