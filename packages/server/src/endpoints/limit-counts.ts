/**
 * Fixed-window counts in this process, each key's window from its first request: the
 * request limits' store while Redis does not answer (http/rate-limit-store.ts), and the
 * endpoint table's dispatcher's counts.
 */
export class LocalCounts {
  private readonly counts = new Map<string, { current: number; endsAt: number }>();

  incr(key: string, windowMs: number, now: number) {
    let entry = this.counts.get(key);
    if (!entry || entry.endsAt <= now) {
      if (this.counts.size >= 10_000) this.prune(now);
      entry = { current: 0, endsAt: now + windowMs };
      this.counts.set(key, entry);
    }
    entry.current++;
    return { current: entry.current, ttl: entry.endsAt - now };
  }

  read(key: string, now: number) {
    const entry = this.counts.get(key);
    if (!entry || entry.endsAt <= now) return { current: 0, ttl: 0 };
    return { current: entry.current, ttl: entry.endsAt - now };
  }

  private prune(now: number) {
    for (const [key, entry] of this.counts) if (entry.endsAt <= now) this.counts.delete(key);
    // Still full of live keys: the oldest go (Map keeps insertion order).
    for (const key of this.counts.keys()) {
      if (this.counts.size < 10_000) break;
      this.counts.delete(key);
    }
  }
}
