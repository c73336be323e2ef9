import { Redis } from 'ioredis';
import { LocalCounts } from '../endpoints/limit-counts.ts';

/**
 * Request limits (@fastify/rate-limit) shared through Redis, counted in this process while
 * Redis does not answer: a fault never turns a limit off and never holds a request for
 * longer than a command's timeout (docs/security.md, R4; docs/operations.md, "Production layout").
 */

/** A Redis command that has not answered after this long fails, and the process counts alone. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a failed command Redis is left alone this long; then the next request tries it again. */
export const REDIS_RETRY_AFTER_MS = 1000;

/**
 * The portal's Redis client: commands fail at once while it is not connected (no offline
 * queue) and after REDIS_COMMAND_TIMEOUT_MS when it does not answer; it reconnects by itself.
 */
export function connectRedis(url: string, onFault: (error: unknown) => void): Redis {
  const redis = new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    // Reconnects after 0.5, 1 and 1.5 s, then every 2 s, for as long as it takes.
    retryStrategy: (times) => Math.min(500 * times, 2000),
  });
  redis.on('error', onFault);
  return redis;
}

/** Waits (at most `ms`) for Redis to be ready, so an app that starts beside a running Redis shares its limits from its first request. */
export async function redisReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return;
  let timer: NodeJS.Timeout | undefined;
  let onReady = () => {};
  await new Promise<void>((resolve) => {
    onReady = resolve;
    timer = setTimeout(resolve, ms);
    redis.once('ready', onReady);
  });
  clearTimeout(timer);
  redis.off('ready', onReady);
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteOptions {
  routeInfo?: { method?: string; url?: string };
}

/** Adds one to a key's count, starting its window with the first; answers the count and the window left. */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type LimitRedis = Redis & { portalRateLimit(key: string, windowMs: number): Promise<[number, number]> };

/** What the stores of one app share: the client and when Redis last failed. */
interface Shared {
  redis: LimitRedis | null;
  prefix: string;
  now: () => number;
  downUntil: number;
  /** A command failed or timed out; the stores count in the process for REDIS_RETRY_AFTER_MS. */
  fault: (error: unknown) => void;
}

/** `redis` up (answering), down (configured, not answering) or off (not configured). */
export type RedisState = 'up' | 'down' | 'off';

/**
 * The `store` option of @fastify/rate-limit (with `skipOnError: false`): in Redis while it
 * answers, keyed as the plugin's own Redis store keys them, in this process otherwise. A
 * count made in the process while Redis was away is not carried over when it is back.
 */
export function rateLimitStore(
  redis: Redis | null,
  prefix: string,
  options: { onFault?: (error: unknown) => void; now?: () => number } = {},
) {
  const now = options.now ?? Date.now;
  const shared: Shared = {
    redis: redis as unknown as LimitRedis | null,
    prefix,
    now,
    downUntil: 0,
    fault: (error) => {
      shared.downUntil = now() + REDIS_RETRY_AFTER_MS;
      options.onFault?.(error);
    },
  };
  if (redis && !('portalRateLimit' in redis)) {
    redis.defineCommand('portalRateLimit', { numberOfKeys: 1, lua: INCREMENT });
  }

  class Store {
    private readonly local = new LocalCounts();
    constructor(
      _globalParams?: unknown,
      private readonly key: string = shared.prefix,
    ) {}

    private redisUsable(): LimitRedis | null {
      const client = shared.redis;
      if (client?.status !== 'ready' || shared.now() < shared.downUntil) return null;
      return client;
    }

    incr(key: string, callback: Callback, windowMs: number) {
      const client = this.redisUsable();
      const local = () => callback(null, this.local.incr(key, windowMs, shared.now()));
      if (!client) return local();
      client.portalRateLimit(this.key + key, windowMs).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: unknown) => {
          shared.fault(error);
          local();
        },
      );
    }

    read(key: string, callback: Callback) {
      const client = this.redisUsable();
      const local = () => callback(null, this.local.read(key, shared.now()));
      if (!client) return local();
      const full = this.key + key;
      client
        .multi()
        .get(full)
        .pttl(full)
        .exec()
        .then(
          (replies) => {
            const current = Number(replies?.[0]?.[1] ?? 0);
            const ttl = Math.max(0, Number(replies?.[1]?.[1] ?? 0));
            callback(null, { current, ttl });
          },
          (error: unknown) => {
            shared.fault(error);
            local();
          },
        );
    }

    child(routeOptions: RouteOptions) {
      const { method = '', url = '' } = routeOptions.routeInfo ?? {};
      return new Store(undefined, `${this.key}${method}${url}-`);
    }
  }

  return {
    Store,
    /** For the readiness check: whether the limits are shared right now. */
    state(): RedisState {
      if (!shared.redis) return 'off';
      return shared.redis.status === 'ready' && shared.now() >= shared.downUntil ? 'up' : 'down';
    },
  };
}
