import type { PasswordCost } from '../../ports.ts';

/** argon2id's parameters (memory in KiB): every implementation hashes with the same ones. */
export interface Argon2Parameters {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** @node-rs/argon2's defaults: m=19456 KiB, t=2, p=1, OWASP's recommendation. */
export const MEMBER_HASH_OPTIONS: Argon2Parameters = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * argon2id parameters for the demo members only (1 MiB, one pass: well under a
 * millisecond a hash instead of about 15 ms), so seeding 80 members stays fast in every
 * test. Each member still gets a hash of its own with a salt of its own; passwords that
 * members set (reset, change) use MEMBER_HASH_OPTIONS. The demo members exist only outside
 * production (main.ts), their password being public.
 */
export const DEMO_HASH_OPTIONS: Argon2Parameters = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export const hashOptions = (cost: PasswordCost = 'member'): Argon2Parameters =>
  cost === 'demo' ? DEMO_HASH_OPTIONS : MEMBER_HASH_OPTIONS;

/** Hash length in bytes and salt length in bytes, as @node-rs/argon2 makes them. */
export const HASH_LENGTH = 32;
export const SALT_LENGTH = 16;
