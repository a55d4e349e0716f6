import type { TWhatsAppWebhook } from '@d3/shared/notifications/whatsapp-contract';
import { isOptOutText, templateParameters } from '@d3/shared/notifications/whatsapp-templates';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageSender } from '../../adapters/sms/sms-sender.js';
import type { WhatsAppSender } from '../../adapters/whatsapp/whatsapp-wire.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../events/event-bus.js';
import { armJobs, claimJobs, JobPoller, type JobRow, retryJob, scheduleJobs } from '../../jobs/job-queue.js';
import { customerVerifiedPhone } from '../accounts/accounts-service.js';
import { customerOfVerifiedPhone } from '../accounts/phone-holder-service.js';
import { notificationSettings, optOutOfWhatsApp } from '../engagement/profile-service.js';
import type { Channel, CustomerMessage, CustomerMessenger } from './customer-messages.js';
import * as repository from './whatsapp-repository.js';

const KIND = 'whatsapp_message';
const BATCH = 20;
const MAX_ATTEMPTS = 5;
const RETRY_MS = 60_000;

export const whatsappJobKey = (messageId: string) => `whatsapp:${messageId}`;

export interface WhatsAppChannelDependencies {
  db: Db;
  /** Undefined while the channel is off: every message goes by SMS. */
  sender: WhatsAppSender | undefined;
  sms: MessageSender;
  /** The business number's id: webhook changes for another number are not ours. */
  phoneNumberId: string;
  paceMs: number;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  now?: () => Date;
}

/**
 * The WhatsApp channel (issue 36). `send` picks WhatsApp for an opted-in customer's verified
 * number, else SMS. A WhatsApp message is a row (whatsapp_messages) and a durable job
 * (jobs/job-queue.ts) due at the number's next free slot (the pace: WHATSAPP_PACE_MS between two
 * messages to one number, reserved atomically), so any process may send it, once. A refused send,
 * or a 'failed' status from Meta's webhook, sends the SMS instead — once. A 'STOP' from a number
 * turns its account's WhatsApp switch off.
 */
export class WhatsAppChannel implements CustomerMessenger {
  readonly #deps: WhatsAppChannelDependencies;
  readonly #poller: JobPoller;
  readonly #now: () => Date;
  #kicks: Promise<void> = Promise.resolve();

  constructor(deps: WhatsAppChannelDependencies) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
    this.#poller = new JobPoller('whatsapp', deps.intervalMs, () => this.runOnce(), deps.log);
  }

  get enabled(): boolean {
    return this.#deps.sender !== undefined;
  }

  async send(message: CustomerMessage): Promise<Channel> {
    if (
      message.userId &&
      (await this.#optedIn(message.userId, message.phone, message.phoneIsVerified ?? false))
    ) {
      await this.#enqueue({ ...message, userId: message.userId });
      return 'whatsapp';
    }
    if (message.smsWithoutWhatsApp === false) return 'none';
    await this.#deps.sms.send(message.phone, message.sms);
    return 'sms';
  }

  /** The channel is on, the customer opted in, and the number is their verified one. */
  async #optedIn(userId: string, phone: string, phoneIsVerified = false): Promise<boolean> {
    if (!this.enabled) return false;
    const settings = await notificationSettings(this.#deps.db, userId);
    if (!settings.whatsapp) return false;
    return phoneIsVerified || (await customerVerifiedPhone(this.#deps.db, userId)) === phone;
  }

  async #enqueue(message: CustomerMessage & { userId: string }): Promise<void> {
    const { db, paceMs } = this.#deps;
    const now = this.#now();
    const parameters = templateParameters(message.template, message.values);
    const runAt = await db.transaction(async (tx) => {
      const row = await repository.insertMessage(tx, {
        userId: message.userId,
        phone: message.phone,
        template: message.template,
        language: message.locale,
        parameters,
        smsText: message.sms,
      });
      const slot = await repository.reservePaceSlot(tx, message.phone, now, paceMs);
      await scheduleJobs(tx, [
        { key: whatsappJobKey(row.id), kind: KIND, runAt: slot, payload: { messageId: row.id } },
      ]);
      return slot;
    });
    if (runAt.getTime() <= now.getTime()) this.#kick();
  }

  /** Runs a pass soon, after the one before (a message due now need not wait for the poller). */
  #kick(): void {
    this.#kicks = this.#kicks
      .then(() => this.runOnce())
      .then(
        () => undefined,
        (error: unknown) => this.#deps.log.error({ err: error }, 'whatsapp pass failed'),
      );
  }

  /** Resolves when every pass started by a send or a webhook has finished (tests, shutdown). */
  async settled(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.#kicks;
      await seen;
    } while (seen !== this.#kicks);
  }

  /** Claims and handles every due WhatsApp job; answers how many this worker handled. */
  async runOnce(now = this.#now()): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await claimJobs(this.#deps.db, { kinds: [KIND], now, limit: BATCH });
      for (const job of claimed) {
        try {
          await this.#run(job, now);
          handled += 1;
        } catch (error) {
          this.#deps.log.warn({ err: error, jobId: job.id }, 'whatsapp message job failed');
          const retryAt = job.attempts >= MAX_ATTEMPTS ? undefined : new Date(now.getTime() + RETRY_MS);
          await retryJob(this.#deps.db, job, retryAt, error);
        }
      }
      if (claimed.length < BATCH) return handled;
    }
  }

  async #run(job: JobRow, now: Date): Promise<void> {
    const messageId = typeof job.payload.messageId === 'string' ? job.payload.messageId : null;
    if (!messageId) return;
    const row = await repository.findMessage(this.#deps.db, messageId);
    if (!row) return;
    if (row.status === 'queued') {
      const { sender } = this.#deps;
      if (!sender || !(await this.#optedIn(row.userId, row.phone))) {
        // Switched off (the channel, or the customer's 'STOP') since it was queued: SMS instead.
        await repository.markFailed(this.#deps.db, row.id, 'no longer opted in to WhatsApp');
      } else {
        try {
          const { messageId: wamid } = await sender.sendTemplate(row.phone, {
            name: row.template,
            language: row.language,
            parameters: row.parameters,
          });
          await repository.markAccepted(this.#deps.db, row.id, wamid);
          sender.recorded?.(wamid);
          return;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          this.#deps.log.warn({ messageId: row.id, reason }, 'whatsapp send refused: SMS instead');
          await repository.markFailed(this.#deps.db, row.id, reason);
        }
      }
    }
    await this.#fallBack(row.id, now);
  }

  /** The failed message's SMS, once (a second worker or a repeated webhook finds it taken). */
  async #fallBack(messageId: string, now: Date): Promise<void> {
    const row = await repository.claimFallback(this.#deps.db, messageId, now);
    if (!row) return;
    try {
      await this.#deps.sms.send(row.phone, row.smsText);
    } catch (error) {
      await repository.releaseFallback(this.#deps.db, messageId);
      throw error;
    }
  }

  /** Meta's webhook (signature already checked): statuses of our messages and customers' messages. */
  async handleWebhook(body: TWhatsAppWebhook): Promise<void> {
    const { db, phoneNumberId } = this.#deps;
    for (const entry of body.entry) {
      for (const change of entry.changes) {
        if (change.field !== 'messages') continue;
        const value = change.value;
        if (value.metadata && value.metadata.phone_number_id !== phoneNumberId) continue;
        for (const status of value.statuses ?? []) {
          const error = status.errors?.[0];
          const moved = await repository.applyStatus(
            db,
            status.id,
            status.status,
            error ? `(#${error.code ?? '?'}) ${error.title ?? ''}`.trim() : null,
          );
          if (moved?.status === 'failed') {
            await armJobs(db, [
              {
                key: whatsappJobKey(moved.id),
                kind: KIND,
                runAt: this.#now(),
                payload: { messageId: moved.id },
              },
            ]);
            this.#kick();
          }
        }
        for (const message of value.messages ?? []) {
          const text = message.text?.body ?? message.button?.text ?? message.button?.payload ?? '';
          if (!isOptOutText(text)) continue;
          const userId = await customerOfVerifiedPhone(db, message.from);
          if (userId) await optOutOfWhatsApp(db, userId);
          this.#deps.log.info({ optedOut: Boolean(userId) }, "whatsapp 'STOP' received");
        }
      }
    }
  }

  /** Right to erasure: an erased customer's WhatsApp messages (numbers and texts) go too. */
  subscribe(bus: EventBus): void {
    bus.on('account.deleted', async (payload) => {
      if (payload.role === 'customer') await repository.deleteMessagesOf(this.#deps.db, payload.userId);
    });
  }

  /** Polls for due messages (paced ones, fallbacks to retry); server.ts starts it once listening. */
  start(): void {
    this.#poller.start();
  }

  async stop(): Promise<void> {
    await this.#poller.stop();
    await this.settled();
  }
}
