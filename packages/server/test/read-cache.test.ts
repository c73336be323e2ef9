import { describe, expect, it } from 'vitest';
import { type CachedSessionRead, createReadModelCache } from '../src/modules/membership/read-cache.ts';

interface Read extends CachedSessionRead {
  name: string;
}

/** A read model of two members on two sessions, with a controllable clock and read count. */
function setUp(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let ms = 0;
  const rows: Record<string, { memberId: string; name: string; expiresAt: number }> = {
    'hash-a1': { memberId: 'a', name: 'Anna', expiresAt: 10_000 },
    'hash-a2': { memberId: 'a', name: 'Anna', expiresAt: 10_000 },
    'hash-b': { memberId: 'b', name: 'Ben', expiresAt: 10_000 },
  };
  const reads: string[] = [];
  let gate: Promise<void> | null = null;
  const cache = createReadModelCache({
    ttlMs: options.ttlMs ?? 5000,
    maxEntries: options.maxEntries,
    monotonic: () => ms,
  });
  const read = cache.wrap(async (hash: string): Promise<Read | null> => {
    const row = rows[hash];
    reads.push(hash);
    // What the database answers is taken when the read starts; it arrives when the gate opens.
    const value = row && { session: { memberId: row.memberId }, expiresAt: row.expiresAt, name: row.name };
    if (gate) await gate;
    return value ?? null;
  });
  return {
    cache,
    rows,
    reads,
    read: (hash: string, at = 0) => read(hash, new Date(at)),
    advance: (by: number) => {
      ms += by;
    },
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

describe('read model cache per session', () => {
  it('keeps nothing until it listens, then answers a session from what it read', async () => {
    const s = setUp();
    await s.read('hash-a1');
    await s.read('hash-a1');
    expect(s.reads).toEqual(['hash-a1', 'hash-a1']);
    s.cache.listening(true);
    await s.read('hash-a1');
    s.rows['hash-a1']!.name = 'Anna changed without a notification';
    expect((await s.read('hash-a1'))?.name).toBe('Anna');
    expect(s.reads).toHaveLength(3);
  });

  it('ends every session of a changed member, and only theirs; * ends all', async () => {
    const s = setUp();
    s.cache.listening(true);
    for (const hash of ['hash-a1', 'hash-a2', 'hash-b']) await s.read(hash);
    s.rows['hash-a1']!.name = 'Anne';
    s.rows['hash-a2']!.name = 'Anne';
    s.cache.changed('a');
    expect((await s.read('hash-a1'))?.name).toBe('Anne');
    expect((await s.read('hash-a2'))?.name).toBe('Anne');
    expect(s.reads.slice(3)).toEqual(['hash-a1', 'hash-a2']);
    await s.read('hash-b');
    expect(s.reads).toHaveLength(5);
    s.cache.changed('*');
    await s.read('hash-b');
    await s.read('hash-a1');
    expect(s.reads.slice(5)).toEqual(['hash-b', 'hash-a1']);
  });

  it('does not keep a read that was under way when a change was heard: it may be from before it', async () => {
    const s = setUp();
    s.cache.listening(true);
    const open = s.hold();
    const stale = s.read('hash-a1');
    s.rows['hash-a1']!.name = 'Anne';
    s.cache.changed('a');
    open();
    expect((await stale)?.name).toBe('Anna');
    expect((await s.read('hash-a1'))?.name).toBe('Anne');
    expect(s.reads).toEqual(['hash-a1', 'hash-a1']);
  });

  it('forgets everything when it stops listening, and keeps nothing until it listens again', async () => {
    const s = setUp();
    s.cache.listening(true);
    await s.read('hash-b');
    s.cache.listening(false);
    s.rows['hash-b']!.name = 'Benedikt';
    expect((await s.read('hash-b'))?.name).toBe('Benedikt');
    await s.read('hash-b');
    expect(s.reads).toEqual(['hash-b', 'hash-b', 'hash-b']);
    expect(s.cache.size).toBe(0);
  });

  it('reads again after the session expired or the entry grew older than its time to live', async () => {
    const s = setUp({ ttlMs: 1000 });
    s.cache.listening(true);
    await s.read('hash-b', 0);
    await s.read('hash-b', 9_999);
    expect(s.reads).toHaveLength(1);
    // An expired session is read again: the database no longer finds it live.
    delete s.rows['hash-b'];
    expect(await s.read('hash-b', 10_000)).toBeNull();
    s.rows['hash-b'] = { memberId: 'b', name: 'Ben', expiresAt: 10_000 };
    await s.read('hash-b');
    s.advance(999);
    await s.read('hash-b');
    expect(s.reads).toHaveLength(3);
    s.advance(1);
    await s.read('hash-b');
    expect(s.reads).toHaveLength(4);
  });

  it('keeps no unknown token, and at most maxEntries sessions, dropping the one read longest ago', async () => {
    const s = setUp({ maxEntries: 2 });
    s.cache.listening(true);
    expect(await s.read('hash-unknown')).toBeNull();
    expect(s.cache.size).toBe(0);
    for (const hash of ['hash-a1', 'hash-a2', 'hash-b']) await s.read(hash);
    expect(s.cache.size).toBe(2);
    await s.read('hash-a2');
    await s.read('hash-b');
    await s.read('hash-a1');
    expect(s.reads.slice(4)).toEqual(['hash-a1']);
  });
});
