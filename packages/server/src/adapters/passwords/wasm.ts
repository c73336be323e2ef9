import { argon2id, argon2Verify } from 'hash-wasm';
import type { PasswordHasher } from '../../ports.ts';
import { randomBytes } from '../../platform/crypto.ts';
import { HASH_LENGTH, hashOptions, SALT_LENGTH } from './costs.ts';

/**
 * argon2id in WebAssembly (hash-wasm), for hosts without native modules (the browser's
 * demo). The same parameters, salt and hash lengths and PHC strings as @node-rs/argon2, so
 * each verifies the other's hashes (ADR 038). Slower than native code and on the calling
 * thread: fine for the demo's cost, a few member-cost hashes a session.
 */
// One hash at a time: hash-wasm makes a WebAssembly instance with its own memory for each
// call it runs, and a browser refuses more than a few dozen at once (the demo's seed asks
// for eighty).
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => {});
  return run;
}

export const wasmPasswordHasher: PasswordHasher = {
  hash(password, cost) {
    const { memoryCost, timeCost, parallelism } = hashOptions(cost);
    return oneAtATime(() =>
      argon2id({
        password,
        salt: randomBytes(SALT_LENGTH),
        memorySize: memoryCost,
        iterations: timeCost,
        parallelism,
        hashLength: HASH_LENGTH,
        outputType: 'encoded',
      }),
    );
  },
  async verify(passwordHash, password) {
    try {
      return await oneAtATime(() => argon2Verify({ password, hash: passwordHash }));
    } catch {
      return false;
    }
  },
};
