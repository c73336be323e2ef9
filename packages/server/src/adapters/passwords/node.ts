import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../ports.ts';
import { hashOptions } from './costs.ts';

/** argon2id in native code (@node-rs/argon2), off the event loop: the Node shell's hasher. */
export const nodePasswordHasher: PasswordHasher = {
  hash: (password, cost) => hash(password, hashOptions(cost)),
  async verify(passwordHash, password) {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  },
};
