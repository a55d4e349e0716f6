import {
  type GraphErrorResponse,
  type SendMessageResponse,
  templateRequest,
  WhatsAppSendError,
  type WhatsAppSender,
} from './whatsapp-wire.js';

export const GRAPH_API_URL = 'https://graph.facebook.com';

export interface CloudApiOptions {
  /** A system user's permanent access token with whatsapp_business_messaging. */
  token: string;
  phoneNumberId: string;
  /** Graph API version, 'v23.0'. */
  version: string;
  /** Meta's Graph API (default), or the simulator's address. */
  baseUrl?: string;
  /** Injected in tests, and by the simulator (its in-process handler). */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The WhatsApp Business Cloud API (issue 36): template messages by
 * `POST {graph}/{version}/{phone-number-id}/messages` with the bearer token. Meta answers the
 * message id at once; whether it reached the phone comes later by the status webhook.
 */
export class WhatsAppCloudClient implements WhatsAppSender {
  private readonly fetch: typeof fetch;
  readonly url: string;

  constructor(private readonly options: CloudApiOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    const base = (options.baseUrl ?? GRAPH_API_URL).replace(/\/+$/, '');
    this.url = `${base}/${options.version}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  }

  async sendTemplate(
    to: string,
    template: { name: string; language: string; parameters: readonly string[] },
  ): Promise<{ messageId: string }> {
    let response: Response;
    try {
      response = await this.fetch(this.url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${this.options.token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(templateRequest(to, template.name, template.language, template.parameters)),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new WhatsAppSendError(
        `WhatsApp Cloud API unreachable: ${error instanceof Error ? error.message : String(error)}`,
        undefined,
        undefined,
      );
    }
    const body = (await response.json().catch(() => ({}))) as Partial<SendMessageResponse> &
      Partial<GraphErrorResponse>;
    if (!response.ok || body.error) {
      const error = body.error;
      throw new WhatsAppSendError(
        `WhatsApp Cloud API answered HTTP ${response.status}${error ? `: (#${error.code}) ${error.message}` : ''}`,
        error?.code,
        response.status,
      );
    }
    const messageId = body.messages?.[0]?.id;
    if (!messageId) throw new WhatsAppSendError('WhatsApp Cloud API answered no message id', undefined, 200);
    return { messageId };
  }
}
