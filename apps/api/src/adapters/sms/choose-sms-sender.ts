import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AfricasTalkingSms } from './africas-talking.js';
import { OutboxSender } from './outbox-simulator.js';
import type { MessageSender } from './sms-sender.js';

export interface MessageSenders {
  sms: MessageSender;
  /** No e-mail provider yet: e-mailed codes go to the outbox (channel 'email') everywhere. */
  email: MessageSender;
}

/** Africa's Talking when AT_USERNAME and AT_API_KEY are set (production requires them), else the outbox. */
export function chooseMessageSenders(config: Config, db: Db): MessageSenders {
  const sms = config.africasTalking
    ? new AfricasTalkingSms(config.africasTalking)
    : new OutboxSender(db, 'sms');
  return { sms, email: new OutboxSender(db, 'email') };
}
