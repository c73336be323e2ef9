import type { ReadModelObserver } from '../../ports.ts';

/**
 * GET /v2/membership's session and read model, kept in this process per token hash (ADR 029).
 *
 * An entry is answered from only while all of these hold:
 * - this instance listens to the database's 'read_model' notifications (migration 0010: every
 *   change to a table the read model reads names its member, or '*'), so a change made by any
 *   process ends the entry as soon as its notification arrives; losing the listening
 *   connection ends them all;
 * - the session has not expired (its expiry is kept with the entry);
 * - it was read at most `ttlMs` ago, which bounds how late a change can be seen if the
 *   listening connection is gone without this process noticing.
 * A read that was under way while any change was heard is not kept: it may have read the
 * rows from before that change.
 */
export interface CachedSessionRead {
  session: { memberId: string };
  /** The session's expiry (epoch ms). */
  expiresAt: number;
}

export interface ReadModelCache {
  /** `read`, answered from the cache while the entry may be; what `read` answers is kept. */
  wrap<T extends CachedSessionRead>(
    read: (hash: string, now: Date) => Promise<T | null>,
  ): (hash: string, now: Date) => Promise<T | null>;
  /** A member's rows changed ('*': rows of every member). */
  changed(memberId: string): void;
  /** Whether this process hears the changes: entries are kept only while it does. */
  listening(listening: boolean): void;
  readonly size: number;
}

export interface ReadModelCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  observer?: ReadModelObserver;
  /** Monotonic milliseconds (performance.now). */
  monotonic?: () => number;
}

interface Entry {
  value: CachedSessionRead;
  readAt: number;
}

export const EVERY_MEMBER = '*';
/** The channel migration 0010's triggers notify on. */
export const READ_MODEL_CHANNEL = 'read_model';

export function createReadModelCache(options: ReadModelCacheOptions): ReadModelCache {
  const { ttlMs, maxEntries = 10_000, monotonic = () => performance.now(), observer } = options;
  let hearing = false;
  // Counts the changes heard (and lost notifications): a read that saw it move is not kept.
  let changes = 0;
  const entries = new Map<string, Entry>();
  const byMember = new Map<string, Set<string>>();

  function drop(hash: string) {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    const hashes = byMember.get(entry.value.session.memberId);
    hashes?.delete(hash);
    if (hashes?.size === 0) byMember.delete(entry.value.session.memberId);
  }

  function clear() {
    changes++;
    entries.clear();
    byMember.clear();
  }

  function keep(hash: string, value: CachedSessionRead) {
    drop(hash);
    // Map order is insertion order: the first entry is the one read longest ago.
    if (entries.size >= maxEntries) drop(entries.keys().next().value as string);
    entries.set(hash, { value, readAt: monotonic() });
    const memberId = value.session.memberId;
    const hashes = byMember.get(memberId) ?? new Set<string>();
    byMember.set(memberId, hashes);
    hashes.add(hash);
  }

  return {
    wrap(read) {
      return async (hash, now) => {
        const entry = entries.get(hash);
        if (entry) {
          if (now.getTime() < entry.value.expiresAt && monotonic() - entry.readAt < ttlMs) {
            observer?.read('cache');
            return entry.value as Awaited<ReturnType<typeof read>>;
          }
          drop(hash);
        }
        const before = changes;
        const value = await read(hash, now);
        if (!value) return value;
        observer?.read('database');
        if (hearing && changes === before && ttlMs > 0) keep(hash, value);
        return value;
      };
    },
    changed(memberId) {
      if (memberId === EVERY_MEMBER) return clear();
      changes++;
      for (const hash of byMember.get(memberId) ?? []) entries.delete(hash);
      byMember.delete(memberId);
    },
    listening(listening) {
      hearing = listening;
      observer?.listening(listening);
      // Whatever changed while it was not listening went unheard.
      clear();
    },
    get size() {
      return entries.size;
    },
  };
}
