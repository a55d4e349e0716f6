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
 * their stores and customer names together) and ONE statement for every message plus the
 * conversations' last message, instead of 4-6 round trips and two commits per message. A lone send is stored on the next turn of the
 * event loop, so it waits for nothing. Batches run one after another, so the messages of one
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
    const rows = accepted.map(({ pending, fact }) => {
      const createdAt = this.#createdAt();
      const { body, sender } = pending;
      const insert: repository.MessageInsert = {
        id: randomUUID(),
        conversationId: fact.conversation.id,
        senderId: sender.sub,
        senderType: sender.role,
        content: body.content,
        messageType: body.messageType,
        attachmentUrl: body.messageType === 'image' ? body.attachmentUrl! : null,
        createdAtText: createdAt.text,
      };
      return { insert, createdAt: createdAt.date };
    });
    let failed: unknown[] = rows.map(() => undefined);
    try {
      await repository.insertMessages(
        this.db,
        rows.map((r) => r.insert),
      );
    } catch (error) {
      // One bad row (say its conversation was deleted meanwhile) must not fail the others: store
      // them one by one.
      failed = await Promise.all(
        rows.map((r) =>
          rows.length === 1
            ? error
            : repository.insertMessages(this.db, [r.insert]).then(
                () => undefined,
                (rowError: unknown) => rowError,
              ),
        ),
      );
    }
    // The uploads now in a stored message are kept (the daily purge takes only unattached ones).
    const attached = rows.flatMap((r, i) =>
      failed[i] === undefined && r.insert.attachmentUrl
        ? [r.insert.attachmentUrl.replace(/^\/media\/chat\//, '')]
        : [],
    );
    await repository.markUploadsAttached(this.db, attached, new Date()).catch(() => undefined);
    accepted.forEach(({ pending, fact }, i) => {
      if (failed[i] !== undefined) {
        pending.reject(failed[i]);
        return;
      }
      const { insert, createdAt } = rows[i]!;
      pending.resolve({
        row: {
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
          createdAt,
        },
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
