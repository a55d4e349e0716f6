import type { Redis } from 'ioredis';

/**
 * Who is connected and who is looking at which conversation. Each entry is a (key, member) pair:
 * key `online:<userId>` or `viewing:<userId>:<conversationId>`, member the socket id.
 *
 * With Redis every process writes its sockets into one sorted set per key, scored by the time the
 * entry expires; the owning process refreshes its entries every third of the TTL, so the entries of
 * a process that dies vanish after the TTL. Without Redis a process keeps them in memory.
 */
export interface PresenceStore {
  add(key: string, member: string): Promise<void>;
  remove(key: string, member: string): Promise<void>;
  /** True when the key has a live member. */
  has(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export const PRESENCE_TTL_MS = 45_000;

export class MemoryPresence implements PresenceStore {
  readonly #entries = new Map<string, Set<string>>();

  async add(key: string, member: string) {
    const set = this.#entries.get(key) ?? new Set<string>();
    set.add(member);
    this.#entries.set(key, set);
  }

  async remove(key: string, member: string) {
    const set = this.#entries.get(key);
    if (!set) return;
    set.delete(member);
    if (set.size === 0) this.#entries.delete(key);
  }

  async has(key: string) {
    return (this.#entries.get(key)?.size ?? 0) > 0;
  }

  async close() {
    this.#entries.clear();
  }
}

export class RedisPresence implements PresenceStore {
  /** What this process owns, refreshed until removed. */
  readonly #local = new Map<string, Set<string>>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs = PRESENCE_TTL_MS,
  ) {
    this.#timer = setInterval(() => void this.#refresh().catch(() => undefined), Math.max(1000, ttlMs / 3));
    this.#timer.unref();
  }

  #key(key: string) {
    return `${this.prefix}presence:${key}`;
  }

  async add(key: string, member: string) {
    const set = this.#local.get(key) ?? new Set<string>();
    set.add(member);
    this.#local.set(key, set);
    await this.#write(key, [member]);
  }

  async #write(key: string, members: string[]) {
    const expiresAt = Date.now() + this.ttlMs;
    const redisKey = this.#key(key);
    const args = members.flatMap((member) => [expiresAt, member]);
    await this.redis
      .multi()
      .zremrangebyscore(redisKey, '-inf', Date.now())
      .zadd(redisKey, ...args)
      .pexpire(redisKey, this.ttlMs * 2)
      .exec();
  }

  async remove(key: string, member: string) {
    const set = this.#local.get(key);
    set?.delete(member);
    if (set && set.size === 0) this.#local.delete(key);
    await this.redis.zrem(this.#key(key), member);
  }

  async has(key: string) {
    // One read-only command: a member counts while its expiry score lies ahead. Expired members
    // (of a process that died) are removed by the next write or refresh of the key.
    const live = await this.redis.zcount(this.#key(key), `(${Date.now()}`, '+inf');
    return live > 0;
  }

  async #refresh() {
    for (const [key, members] of this.#local) {
      if (members.size > 0) await this.#write(key, [...members]);
    }
  }

  async close() {
    clearInterval(this.#timer);
    const entries = [...this.#local];
    this.#local.clear();
    for (const [key, members] of entries) {
      if (members.size > 0) await this.redis.zrem(this.#key(key), ...members).catch(() => undefined);
    }
  }
}
