/** Sends one text message. Implementations: Africa's Talking (real) and the outbox simulator. */
export interface MessageSender {
  /** `to` is an E.164 phone number for SMS, an e-mail address for the e-mail channel. */
  send(to: string, body: string): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
