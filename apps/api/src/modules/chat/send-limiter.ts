import type { Redis } from 'ioredis';

/** Fixed-window counter per user: in Redis when configured (shared by every process), else in memory. */
export interface SendLimiter {
  /** null when allowed; otherwise the seconds until the window ends (for Retry-After). */
  hit(userId: string): Promise<number | null>;
}

export function createSendLimiter(options: {
  max: number;
  windowMs: number;
  redis: Redis | undefined;
  prefix: string;
}): SendLimiter {
  const { max, windowMs, redis, prefix } = options;
  if (redis) {
    return {
      async hit(userId) {
        const key = `${prefix}:chat-send:${userId}`;
        try {
          const [[, count], [, ttl]] = (await redis.multi().incr(key).pttl(key).exec()) as [
            [Error | null, number],
            [Error | null, number],
          ];
          if (ttl < 0) await redis.pexpire(key, windowMs);
          if (count > max) return Math.max(1, Math.ceil((ttl < 0 ? windowMs : ttl) / 1000));
          return null;
        } catch {
          return null; // Redis down: let the message through rather than block chat.
        }
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
