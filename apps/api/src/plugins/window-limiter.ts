import type { ChainableCommander, Redis } from 'ioredis';

/**
 * Fixed-window counters by key: in Redis when configured (one budget shared by every process), else
 * in this process's memory. Chat sends (issue 11) and socket events (issue 31) count through it.
 */
export interface WindowLimiter {
  /** null when allowed; otherwise the seconds until the window ends (for Retry-After). */
  hit(key: string): Promise<number | null>;
}

/**
 * One hit as one Redis command: count it, start the window on the first hit (or on a key left
 * without expiry), answer the count and the window's remaining ms.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;
const HIT_COMMAND = 'd3WindowHit';

type HitPipeline = ChainableCommander & {
  [HIT_COMMAND](key: string, windowMs: number): HitPipeline;
};

export interface WindowLimiterOptions {
  max: number;
  windowMs: number;
  redis: Redis | undefined;
  /** Redis key prefix: keys are `<prefix>:<name>:<key>`. */
  prefix: string;
  name: string;
}

export function createWindowLimiter(options: WindowLimiterOptions): WindowLimiter {
  const { max, windowMs, redis, prefix, name } = options;
  if (redis) {
    // EVALSHA of the script (ioredis sends EVAL once per connection). The hits of one turn of the
    // event loop leave as ONE pipeline: one write and one round trip for all of them.
    if (!(HIT_COMMAND in redis)) redis.defineCommand(HIT_COMMAND, { numberOfKeys: 1, lua: HIT_SCRIPT });
    let waiting: Array<{ key: string; settle: (answer: number | null) => void }> = [];
    const flush = () => {
      const batch = waiting;
      waiting = [];
      const pipeline = redis.pipeline() as HitPipeline;
      for (const { key } of batch) pipeline[HIT_COMMAND](key, windowMs);
      pipeline.exec().then(
        (results) => {
          batch.forEach(({ settle }, i) => {
            const [error, reply] = results?.[i] ?? [new Error('no reply'), null];
            // Redis trouble: let the hit through rather than block every user.
            const [count, ttl] = error ? [0, 0] : (reply as [number, number]);
            settle(count > max ? Math.max(1, Math.ceil(ttl / 1000)) : null);
          });
        },
        () => {
          for (const { settle } of batch) settle(null);
        },
      );
    };
    return {
      hit(key) {
        return new Promise((settle) => {
          if (waiting.length === 0) setImmediate(flush);
          waiting.push({ key: `${prefix}:${name}:${key}`, settle });
        });
      },
    };
  }
  return memoryWindowLimiter(max, windowMs);
}

/** The same counters in this process only (no Redis, or a budget that is per socket anyway). */
export function memoryWindowLimiter(
  max: number,
  windowMs: number,
): WindowLimiter & { hitNow(key: string): number | null } {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const hitNow = (key: string) => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      if (windows.size > 10_000) {
        for (const [k, value] of windows) if (value.endsAt <= now) windows.delete(k);
      }
      window = { count: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > max) return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    return null;
  };
  return { hitNow, hit: async (key) => hitNow(key) };
}
