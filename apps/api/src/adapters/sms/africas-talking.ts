import { type MessageSender, SmsDeliveryError } from './sms-sender.js';

export interface AfricasTalkingOptions {
  username: string;
  apiKey: string;
  /** Registered alphanumeric sender id or short code; the account default when unset. */
  senderId?: string | undefined;
  /** Injected in tests. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const LIVE_URL = 'https://api.africastalking.com/version1/messaging';
const SANDBOX_URL = 'https://api.sandbox.africastalking.com/version1/messaging';

interface AtResponse {
  SMSMessageData?: {
    Message?: string;
    Recipients?: Array<{ number?: string; status?: string; statusCode?: number }>;
  };
}

/** Africa's Talking bulk SMS API (form-encoded POST, `apiKey` header, JSON answer). */
export class AfricasTalkingSms implements MessageSender {
  private readonly fetch: typeof fetch;
  readonly url: string;

  constructor(private readonly options: AfricasTalkingOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.url = options.username === 'sandbox' ? SANDBOX_URL : LIVE_URL;
  }

  async send(to: string, body: string): Promise<void> {
    const form = new URLSearchParams({ username: this.options.username, to, message: body });
    if (this.options.senderId) form.set('from', this.options.senderId);
    const response = await this.fetch(this.url, {
      method: 'POST',
      headers: {
        apiKey: this.options.apiKey,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new SmsDeliveryError(`Africa's Talking answered HTTP ${response.status}`);
    const json = (await response.json().catch(() => ({}))) as AtResponse;
    const recipient = json.SMSMessageData?.Recipients?.[0];
    // 100 Processed, 101 Sent, 102 Queued: anything else means the message did not go out.
    if (!recipient?.statusCode || recipient.statusCode > 102) {
      throw new SmsDeliveryError(
        `Africa's Talking refused the message: ${recipient?.status ?? json.SMSMessageData?.Message ?? 'no recipient'}`,
      );
    }
  }
}
