import type { ChainableCommander, Redis } from 'ioredis';

/** Fixed-window counter per user: in Redis when configured (shared by every process), else in memory. */
export interface SendLimiter {
  /** null when allowed; otherwise the seconds until the window ends (for Retry-After). */
  hit(userId: string): Promise<number | null>;
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
const HIT_COMMAND = 'd3ChatSendHit';

type HitPipeline = ChainableCommander & {
  [HIT_COMMAND](key: string, windowMs: number): HitPipeline;
};

export function createSendLimiter(options: {
  max: number;
  windowMs: number;
  redis: Redis | undefined;
  prefix: string;
}): SendLimiter {
  const { max, windowMs, redis, prefix } = options;
  if (redis) {
    // EVALSHA of the script (ioredis sends EVAL once per connection). The hits of one turn of the
    // event loop (the sends read from the sockets in one go) leave as ONE pipeline: one write and
    // one round trip for all of them, instead of MULTI/INCR/PTTL/EXEC (and a PEXPIRE) per send.
    redis.defineCommand(HIT_COMMAND, { numberOfKeys: 1, lua: HIT_SCRIPT });
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
            // Redis trouble: let the message through rather than block chat.
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
      hit(userId) {
        return new Promise((settle) => {
          if (waiting.length === 0) setImmediate(flush);
          waiting.push({ key: `${prefix}:chat-send:${userId}`, settle });
        });
      },
    };
  }
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(userId) {
      const now = Date.now();
      let window = windows.get(userId);
      if (!window || window.endsAt <= now) {
        if (windows.size > 10_000) {
          for (const [key, value] of windows) if (value.endsAt <= now) windows.delete(key);
        }
        window = { count: 0, endsAt: now + windowMs };
        windows.set(userId, window);
      }
      window.count += 1;
      if (window.count > max) return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
      return null;
    },
  };
}
