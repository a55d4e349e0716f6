import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/support.js';
import type { MessageSender } from './sms-sender.js';

/**
 * Stands in for a real provider: the message is written to the `outbox` table, where
 * `GET /api/v1/dev/outbox?to=` reads it back (development and tests only).
 */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Db,
    private readonly channel: 'sms' | 'email',
  ) {}

  async send(to: string, body: string): Promise<void> {
    await this.db.insert(outbox).values({ channel: this.channel, to, body });
  }
}
