/** How long a "this slot is full" verdict answers later creates without the database (ms). */
export const KNOWN_FULL_MS = 1_000;

/** What processes tell each other about slots (over Redis, known-full-setup.ts). */
export type TSlotsMessage =
  | { kind: 'full'; key: string; storeId: string; ms: number; claimable: boolean }
  /** A place of `storeId` may have come free; null: of any store. */
  | { kind: 'open'; storeId: string | null };

/** Stores pruned from the map of recent opens once it holds this many (they last KNOWN_FULL_MS). */
const PRUNE_AT = 1_000;

/**
 * Slots known to be full (issue 38, decision 0810): a create whose slot a create before it found or
 * left full, less than KNOWN_FULL_MS ago, is answered "taken" from memory, before its reads, its
 * transaction and the slot's lock. The database still decides every booking that goes ahead: a
 * verdict here only ever refuses, and only for as long as nothing says a place may have come free.
 *
 * Every path that frees a place calls `open` after its commit (a cancel, a reschedule away, an erased
 * account, a merchant's write, a waitlist place given up), which forgets the store's verdicts at
 * once, here and, through the link, in every other process. What frees a place without a write (an
 * unpaid hold or a waitlist offer lapsing at its time) is caught by the verdict's own end: a create
 * is told "taken" at most KNOWN_FULL_MS after the place came free.
 *
 * A customer holding a live waitlist offer for the slot (issue 36) books the place held for them
 * whatever the verdict. A verdict reached while nobody held one is `claimable: false`: as every new
 * offer opens its store (known-full-setup.ts), such a verdict answers any create without even asking
 * whether its customer holds an offer (`isFullForAll`).
 */
export class KnownFullSlots {
  readonly #slots = new Map<string, { storeId: string; until: number; claimable: boolean }>();
  /** When each store (or '*', every store) last had a place come free, for verdicts from elsewhere. */
  readonly #opened = new Map<string, number>();
  #generation = 0;
  #send: ((message: TSlotsMessage) => void) | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts the opens: a verdict reached from reads made before an open is not kept. */
  get generation(): number {
    return this.#generation;
  }

  /** Sends this process's verdicts and opens to the others (Redis); `receive` takes theirs. */
  link(send: ((message: TSlotsMessage) => void) | undefined): void {
    this.#send = send;
  }

  isFull(key: string): boolean {
    return this.#verdict(key) !== undefined;
  }

  /** Full, and nobody held a waitlist offer for it when that was found: full for every customer. */
  isFullForAll(key: string): boolean {
    return this.#verdict(key)?.claimable === false;
  }

  /**
   * A create found (or left) the slot full, from reads begun at `generation`; `claimable`: someone
   * may hold a live waitlist offer for it.
   */
  full(key: string, storeId: string, generation: number, claimable = true): void {
    if (generation !== this.#generation) return;
    this.#keep(key, storeId, KNOWN_FULL_MS, claimable);
    this.#send?.({ kind: 'full', key, storeId, ms: KNOWN_FULL_MS, claimable });
  }

  /** A create left the slot with places: it is not full, whatever was known. */
  notFull(key: string): void {
    this.#slots.delete(key);
  }

  /** A place of `storeId` (null: of any store) may have come free: its verdicts are forgotten. */
  open(storeId: string | null): void {
    this.#forget(storeId);
    this.#send?.({ kind: 'open', storeId });
  }

  /** Another process's message. */
  receive(message: TSlotsMessage): void {
    if (message.kind === 'open') {
      this.#forget(message.storeId);
      return;
    }
    // A verdict sent before an open this process has already seen could arrive after it: the open
    // wins, for as long as that verdict could last.
    const since = this.now() - KNOWN_FULL_MS;
    if ((this.#opened.get(message.storeId) ?? -Infinity) > since) return;
    if ((this.#opened.get('*') ?? -Infinity) > since) return;
    this.#keep(message.key, message.storeId, Math.min(message.ms, KNOWN_FULL_MS), message.claimable);
  }

  /** Verdicts kept now (for tests). */
  get size(): number {
    return this.#slots.size;
  }

  #verdict(key: string) {
    const known = this.#slots.get(key);
    if (!known) return undefined;
    if (known.until > this.now()) return known;
    this.#slots.delete(key);
    return undefined;
  }

  #keep(key: string, storeId: string, ms: number, claimable: boolean): void {
    const now = this.now();
    if (this.#slots.size >= PRUNE_AT) {
      for (const [slot, known] of this.#slots) if (known.until <= now) this.#slots.delete(slot);
    }
    this.#slots.set(key, { storeId, until: now + ms, claimable });
  }

  #forget(storeId: string | null): void {
    this.#generation += 1;
    const now = this.now();
    if (this.#opened.size >= PRUNE_AT) {
      for (const [store, at] of this.#opened) if (at <= now - KNOWN_FULL_MS) this.#opened.delete(store);
    }
    this.#opened.set(storeId ?? '*', now);
    if (storeId === null) {
      this.#slots.clear();
      return;
    }
    for (const [slot, known] of this.#slots) if (known.storeId === storeId) this.#slots.delete(slot);
  }
}
