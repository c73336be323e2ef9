import { describe, expect, it } from 'vitest';
import { DEMO_HASH_OPTIONS, MEMBER_HASH_OPTIONS } from '../src/adapters/passwords/costs.ts';
import { nodePasswordHasher } from '../src/adapters/passwords/node.ts';
import { wasmPasswordHasher } from '../src/adapters/passwords/wasm.ts';
import { verifyDummy, verifyPassword } from '../src/modules/auth/passwords.ts';
import type { PasswordCost, PasswordHasher } from '../src/ports.ts';

// The Node shell hashes with @node-rs/argon2, a browser host with hash-wasm (ADR 038): a
// member's hash must verify whichever made it, at both costs.

const hashers: [string, PasswordHasher][] = [
  ['node', nodePasswordHasher],
  ['wasm', wasmPasswordHasher],
];
const costs: [PasswordCost, typeof MEMBER_HASH_OPTIONS][] = [
  ['demo', DEMO_HASH_OPTIONS],
  ['member', MEMBER_HASH_OPTIONS],
];

describe('password hashers', () => {
  for (const [maker, making] of hashers)
    for (const [cost, options] of costs)
      it(`${maker} hashes at ${cost} cost; both verify it and refuse a wrong password`, async () => {
        const password = 'correct horse battery staple ü';
        const hash = await making.hash(password, cost);
        expect(hash).toMatch(
          new RegExp(
            `^\\$argon2id\\$v=19\\$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`,
          ),
        );
        for (const [, checking] of hashers) {
          expect(await checking.verify(hash, password)).toBe(true);
          expect(await checking.verify(hash, `${password}!`)).toBe(false);
        }
      }, 30_000);

  it('the member cost is the default', async () => {
    for (const [, hasher] of hashers)
      expect(await hasher.hash('a password of some length')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  for (const [name, hasher] of hashers)
    it(`${name} refuses a hash it cannot read instead of throwing`, async () => {
      expect(await hasher.verify('not a hash', 'password')).toBe(false);
      expect(await hasher.verify('$argon2id$v=19$m=1024,t=1,p=1$AAAA$BBBB', 'password')).toBe(false);
    });

  it('verifyPassword tries the NFC form, then the password as typed', async () => {
    const composed = 'Passwort-für-alle-1';
    const decomposed = composed.normalize('NFD');
    const nfcHash = await wasmPasswordHasher.hash(composed, 'demo');
    expect(await verifyPassword(nodePasswordHasher, nfcHash, decomposed)).toBe(true);
    // A hash made of the decomposed form before passwords were normalised still verifies.
    const oldHash = await nodePasswordHasher.hash(decomposed, 'demo');
    expect(await verifyPassword(wasmPasswordHasher, oldHash, decomposed)).toBe(true);
    expect(await verifyPassword(wasmPasswordHasher, oldHash, 'something else')).toBe(false);
    await expect(verifyDummy(wasmPasswordHasher, 'anything')).resolves.toBeUndefined();
  });
});
