import { randomUUID } from 'node:crypto';
import type { TSendMessageRequest } from '@d3/shared/chat/chat-schemas';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { customerNames } from '../accounts/accounts-service.js';
import { storeBasics } from '../stores/stores-service.js';
import type { ConversationRow, MessageRow, Role } from './chat-repository.js';
import * as repository from './chat-repository.js';

/** The caller of a send: the customer, or the merchant of the conversation's store. */
export interface Sender {
  sub: string;
  role: Role;
}

/** A stored message with what its events need (read in the same batch as the access check). */
export interface WrittenMessage {
  row: MessageRow;
  conversation: ConversationRow;
  store: { id: string; merchantId: string; name: string };
  names: { customer: string; store: string };
  /** A resend of a message already stored (same client message id): answered, and notified nobody again. */
  duplicate: boolean;
}

interface Pending {
  sender: Sender;
  body: TSendMessageRequest;
  /** Settles when the send limit has answered; rejects (429) when the sender is over it. */
  gate: Promise<void>;
  resolve: (written: WrittenMessage) => void;
  reject: (error: unknown) => void;
}

/** What the access check and the message view need of a conversation. */
interface Facts {
  conversation: ConversationRow;
  /** Null when the store is gone. */
  merchantId: string | null;
  storeName: string;
  /** The customer's name as the message view shows it. */
  customerName: string;
}

/** Up to this many sends share one statement. */
const MAX_BATCH = 100;

/**
 * Group commit of chat sends. Sends that arrive while a batch is being stored wait for the next
 * one; each batch costs three queries for the access facts of its conversations (the rows, then
 * their stores and customer names together) and ONE statement, in one transaction, for every
 * message plus the conversations' sequence numbers and last message (repository.storeMessages),
 * instead of 4-6 round trips and two commits per message. A lone send is stored on the next turn
 * of the event loop, so it waits for nothing. Exactly once (issue 35): a send whose client message
 * id is already stored, or already in the batch, answers with that message (its notification is not sent again). Batches run one after another, so the messages of one
 * process are stored, answered and announced in the order they were sent; each message gets its
 * own creation time (microseconds, strictly increasing in this process), so the order holds
 * within a batch too. Checks stay per message: 404, 403 and a bad attachment fail that send only.
 */
export class MessageWriter {
  readonly #queue: Pending[] = [];
  #running = false;
  #lastMicros = 0;

  constructor(private readonly db: Db) {}

  /**
   * `gate` is the send limit's answer, asked for by the caller just before: the batch reads its
   * facts while the limit (a Redis round trip with several processes) answers, and a send over
   * the limit fails before any check or write, as if the limit had been asked first.
   */
  write(sender: Sender, body: TSendMessageRequest, gate: Promise<void>): Promise<WrittenMessage> {
    // Handled here so a batch that fails before awaiting it leaves no unhandled rejection.
    gate.catch(() => undefined);
    return new Promise((resolve, reject) => {
      this.#queue.push({ sender, body, gate, resolve, reject });
      this.#start();
    });
  }

  #start() {
    if (this.#running || this.#queue.length === 0) return;
    this.#running = true;
    setImmediate(() => void this.#drain());
  }

  async #drain() {
    try {
      while (this.#queue.length) await this.#store(this.#queue.splice(0, MAX_BATCH));
    } finally {
      this.#running = false;
      this.#start();
    }
  }

  /** Creation time as PostgreSQL text with microseconds, and as the Date the view shows. */
  #createdAt(): { text: string; date: Date } {
    const micros = Math.max(Date.now() * 1000, this.#lastMicros + 1);
    this.#lastMicros = micros;
    const date = new Date(Math.floor(micros / 1000));
    const text = `${date.toISOString().slice(0, 23)}${String(micros % 1000).padStart(3, '0')}Z`;
    return { text, date };
  }

  async #store(batch: Pending[]) {
    let facts: Map<string, Facts>;
    try {
      facts = await this.#facts([...new Set(batch.map((p) => p.body.conversationId))]);
    } catch (error) {
      // A send over the limit still answers 429, whatever else went wrong.
      for (const pending of batch) pending.gate.then(() => pending.reject(error), pending.reject);
      return;
    }
    const checked = await Promise.all(
      batch.map(async (pending) => {
        try {
          return { pending, fact: await this.#check(pending, facts.get(pending.body.conversationId)) };
        } catch (error) {
          pending.reject(error);
          return null;
        }
      }),
    );
    const accepted = checked.filter((c) => c !== null);
    // The same client message id twice in this batch (two racing resends on this process): the
    // first is stored, the others answer with it.
    const leaderOf = new Map<string, number>();
    const leaders: number[] = [];
    const follows = accepted.map(({ pending }, i) => {
      const key = clientKey(pending);
      const leader = key === null ? undefined : leaderOf.get(key);
      if (leader !== undefined) return leader;
      if (key !== null) leaderOf.set(key, i);
      leaders.push(i);
      return i;
    });
    const inserts = new Map<number, { insert: repository.MessageInsert; createdAt: Date }>();
    for (const i of leaders) {
      const { pending, fact } = accepted[i]!;
      const createdAt = this.#createdAt();
      const { body, sender } = pending;
      inserts.set(i, {
        insert: {
          id: randomUUID(),
          conversationId: fact.conversation.id,
          senderId: sender.sub,
          senderType: sender.role,
          content: body.content,
          messageType: body.messageType,
          attachmentUrl: body.messageType === 'image' ? body.attachmentUrl! : null,
          createdAtText: createdAt.text,
          clientMessageId: body.clientMessageId ?? null,
        },
        createdAt: createdAt.date,
      });
    }
    const outcomes = new Map<number, repository.StoreOutcome | { error: unknown }>();
    try {
      const stored = await repository.storeMessages(
        this.db,
        leaders.map((i) => inserts.get(i)!.insert),
      );
      leaders.forEach((i, k) => {
        outcomes.set(i, stored[k]!);
      });
    } catch (error) {
      // One bad row (say its conversation was deleted meanwhile) must not fail the others: store
      // them one by one, in send order (so their numbers keep it).
      for (const i of leaders) {
        if (leaders.length === 1) {
          outcomes.set(i, { error });
          break;
        }
        try {
          const [one] = await repository.storeMessages(this.db, [inserts.get(i)!.insert]);
          outcomes.set(i, one!);
        } catch (rowError) {
          outcomes.set(i, { error: rowError });
        }
      }
    }
    // Resends answer with the message stored first (one query for all of them).
    const existingIds = [...outcomes.values()].flatMap((o) => ('existingId' in o ? [o.existingId] : []));
    let existing = new Map<string, MessageRow>();
    if (existingIds.length) {
      try {
        existing = new Map((await repository.findMessages(this.db, existingIds)).map((row) => [row.id, row]));
      } catch (error) {
        for (const [i, o] of outcomes) if ('existingId' in o) outcomes.set(i, { error });
      }
    }
    // The uploads now in a stored message are kept (the daily purge takes only unattached ones).
    const attached = leaders.flatMap((i) => {
      const url = inserts.get(i)!.insert.attachmentUrl;
      const outcome = outcomes.get(i);
      return outcome && 'stored' in outcome && outcome.stored && url
        ? [url.replace(/^\/media\/chat\//, '')]
        : [];
    });
    await repository.markUploadsAttached(this.db, attached, new Date()).catch(() => undefined);
    accepted.forEach(({ pending, fact }, i) => {
      const leader = follows[i]!;
      const outcome = outcomes.get(leader)!;
      if ('error' in outcome) {
        pending.reject(outcome.error);
        return;
      }
      const row = outcome.stored
        ? storedRow(inserts.get(leader)!, outcome.seq)
        : existing.get(outcome.existingId);
      if (!row) {
        pending.reject(new AppError('MESSAGE_NOT_FOUND'));
        return;
      }
      pending.resolve({
        row,
        // Only the send that stored it notifies; a resend is answered with the stored message.
        duplicate: !outcome.stored || leader !== i,
        conversation: fact.conversation,
        store: { id: fact.conversation.storeId, merchantId: fact.merchantId!, name: fact.storeName },
        names: { customer: fact.customerName, store: fact.storeName },
      });
    });
  }

  /** Per batch: one query for the conversations, then one each (together) for stores and names. */
  async #facts(ids: string[]): Promise<Map<string, Facts>> {
    const conversations = await repository.findConversations(this.db, ids);
    const [stores, names] = await Promise.all([
      storeBasics(this.db, [...new Set(conversations.map((c) => c.storeId))]),
      customerNames(
        this.db,
        conversations.map((c) => c.customerId),
      ),
    ]);
    const storeById = new Map(stores.map((store) => [store.id, store]));
    return new Map(
      conversations.map((conversation) => {
        const store = storeById.get(conversation.storeId);
        const name = names.get(conversation.customerId);
        const full = name ? `${name.firstName} ${name.lastName}`.trim() : '';
        return [
          conversation.id,
          {
            conversation,
            merchantId: store?.merchantId ?? null,
            storeName: store?.name ?? '',
            customerName: !name || name.deleted || !full ? 'Customer' : full,
          },
        ];
      }),
    );
  }

  /** The send limit, then the same checks in the same order as ChatService.access and the attachment check. */
  async #check(pending: Pending, fact: Facts | undefined): Promise<Facts> {
    await pending.gate;
    if (!fact || fact.merchantId === null) throw new AppError('CONVERSATION_NOT_FOUND');
    const { sender, body } = pending;
    const allowed =
      sender.role === 'customer'
        ? fact.conversation.customerId === sender.sub
        : fact.merchantId === sender.sub;
    if (!allowed) throw new AppError('CONVERSATION_FORBIDDEN');
    if (body.messageType === 'image') {
      // Only the sender's own upload (issue 31 finding 9): never a file someone else uploaded.
      const name = body.attachmentUrl!.replace(/^\/media\/chat\//, '');
      if (!(await repository.findOwnUpload(this.db, name, sender))) {
        throw new AppError('VALIDATION_ERROR', 'Invalid attachment', { attachmentUrl: 'Invalid attachment' });
      }
    }
    return fact;
  }
}

/** A resend is the same conversation, sender and client message id; null when the send has no id. */
function clientKey(pending: Pending): string | null {
  const id = pending.body.clientMessageId;
  return id ? `${pending.body.conversationId}|${pending.sender.role}:${pending.sender.sub}|${id}` : null;
}

/** The stored row as the database now holds it (seq from the insert). */
function storedRow(
  { insert, createdAt }: { insert: repository.MessageInsert; createdAt: Date },
  seq: number,
): MessageRow {
  return {
    id: insert.id,
    conversationId: insert.conversationId,
    senderId: insert.senderId,
    senderType: insert.senderType,
    content: insert.content,
    messageType: insert.messageType,
    attachmentUrl: insert.attachmentUrl,
    status: 'sent',
    statusRank: 1,
    deliveredAt: null,
    readAt: null,
    seq,
    clientMessageId: insert.clientMessageId,
    createdAt,
  };
}
