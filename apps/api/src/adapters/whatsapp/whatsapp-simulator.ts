import { randomBytes } from 'node:crypto';
import {
  isWhatsAppTemplateName,
  renderTemplate,
  WHATSAPP_TEMPLATES,
} from '@d3/shared/notifications/whatsapp-templates';
import {
  GRAPH_ERRORS,
  type GraphErrorResponse,
  type SendMessageResponse,
  type TemplateMessageRequest,
  webhookSignature,
} from './whatsapp-wire.js';

/** Where the client reaches the simulator (its in-process handler: nothing leaves the process). */
export const WHATSAPP_SIMULATOR_URL = 'http://whatsapp-simulator.invalid';

export interface WhatsAppSimulatorOptions {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  now?: () => Date;
}

export interface SimulatedWhatsApp {
  id: string;
  /** Digits, as the Cloud API takes them ('254712345678'). */
  to: string;
  template: string;
  language: string;
  parameters: string[];
  /** The approved body in that language with the parameters filled: what the customer reads. */
  text: string;
  /** The last status the simulator reported by webhook. */
  status: 'accepted' | 'sent' | 'delivered' | 'failed';
  createdAt: Date;
}

/** Posts a webhook body, signed, to our endpoint; answers the HTTP status it got. */
export type WebhookDelivery = (rawBody: string, signature: string) => Promise<number>;

type Answer = { status: number; body: SendMessageResponse | GraphErrorResponse };

/**
 * The WhatsApp Business Cloud API, simulated (issue 36): the default outside production. Its
 * `fetch` answers `POST /{version}/{phone-number-id}/messages` as Meta does — the bearer token and
 * the phone number id checked, the template, language and parameter count checked against the
 * approved templates, a `wamid` answered — and records the message. Then it posts the statuses
 * (`sent`, `delivered`, or `failed` with error 131026) to our webhook, signed with the app secret
 * like Meta (`X-Hub-Signature-256`). It fails on demand: a number's sends refused
 * (`failSends`), or accepted then reported failed (`failDeliveries`). `inbound` posts a message a
 * customer sent (their 'STOP').
 */
export class WhatsAppSimulator {
  readonly messages: SimulatedWhatsApp[] = [];
  /** HTTP statuses our webhook answered, in order. */
  readonly webhookAnswers: number[] = [];
  readonly #refuse = new Set<string>();
  readonly #undeliverable = new Set<string>();
  readonly #pending = new Set<Promise<void>>();
  readonly #unreported = new Map<string, { message: SimulatedWhatsApp; fails: boolean }>();
  #deliver: WebhookDelivery | undefined;
  readonly #now: () => Date;

  constructor(private readonly options: WhatsAppSimulatorOptions) {
    this.#now = options.now ?? (() => new Date());
  }

  /** Where the status webhooks go (the app's own endpoint, once it is built). */
  connect(deliver: WebhookDelivery): void {
    this.#deliver = deliver;
  }

  /** Sends to this number are refused with error 131026 (digits or E.164). */
  failSends(phone: string): void {
    this.#refuse.add(digits(phone));
  }

  /** Sends to this number are accepted, then reported `failed` by webhook. */
  failDeliveries(phone: string): void {
    this.#undeliverable.add(digits(phone));
  }

  clearFailures(): void {
    this.#refuse.clear();
    this.#undeliverable.clear();
  }

  /** The messages sent to one number (digits or E.164), oldest first. */
  sentTo(phone: string): SimulatedWhatsApp[] {
    return this.messages.filter((message) => message.to === digits(phone));
  }

  /**
   * The sender stored the message id: its statuses may go now. (Meta's come seconds later; the
   * simulator waits for this instead of a timer, so a status never outruns the id it names.)
   */
  recorded(messageId: string): void {
    const waiting = this.#unreported.get(messageId);
    if (!waiting) return;
    this.#unreported.delete(messageId);
    this.#track(this.#report(waiting.message, waiting.fails));
  }

  /** Resolves once every webhook started so far has been answered. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** A customer writes to our business number: Meta's `messages` webhook. */
  async inbound(from: string, text: string): Promise<number> {
    const body = this.#envelope({
      contacts: [{ profile: { name: 'Customer' }, wa_id: digits(from) }],
      messages: [
        {
          from: digits(from),
          id: wamid(),
          timestamp: unixTime(this.#now()),
          type: 'text',
          text: { body: text },
        },
      ],
    });
    return this.#post(body);
  }

  /** The Cloud API's HTTP surface, as a `fetch` the real client is given. */
  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const answer = this.#handle(url.pathname, init?.method ?? 'GET', init?.headers, init?.body);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  #handle(path: string, method: string, headers: RequestInit['headers'], body: unknown): Answer {
    const match = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(path);
    if (method !== 'POST' || !match) return graphError(400, GRAPH_ERRORS.invalidParameter, 'Unknown path');
    if (new Headers(headers).get('authorization') !== `Bearer ${this.options.token}`)
      return graphError(401, GRAPH_ERRORS.invalidToken);
    if (decodeURIComponent(match[1]!) !== this.options.phoneNumberId)
      return graphError(400, GRAPH_ERRORS.invalidParameter, 'Unknown phone number id');
    let request: TemplateMessageRequest;
    try {
      request = JSON.parse(String(body)) as TemplateMessageRequest;
    } catch {
      return graphError(400, GRAPH_ERRORS.invalidParameter, 'Body is not JSON');
    }
    if (
      request.messaging_product !== 'whatsapp' ||
      request.type !== 'template' ||
      !/^\d{8,15}$/.test(request.to)
    )
      return graphError(400, GRAPH_ERRORS.invalidParameter);
    const name = request.template?.name;
    const language = request.template?.language?.code;
    if (!isWhatsAppTemplateName(name) || (language !== 'en' && language !== 'sw'))
      return graphError(404, GRAPH_ERRORS.templateMissing);
    const parameters = (request.template.components ?? [])
      .filter((component) => component.type === 'body')
      .flatMap((component) => component.parameters.map((parameter) => parameter.text));
    if (parameters.length !== WHATSAPP_TEMPLATES[name].params.length || parameters.some((p) => !p?.trim()))
      return graphError(400, GRAPH_ERRORS.parameterCount);
    if (this.#refuse.has(request.to)) return graphError(400, GRAPH_ERRORS.undeliverable);
    const message: SimulatedWhatsApp = {
      id: wamid(),
      to: request.to,
      template: name,
      language,
      parameters,
      text: renderTemplate(name, language, parameters),
      status: 'accepted',
      createdAt: this.#now(),
    };
    this.messages.push(message);
    this.#unreported.set(message.id, { message, fails: this.#undeliverable.has(request.to) });
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: request.to, wa_id: request.to }],
        messages: [{ id: message.id, message_status: 'accepted' }],
      },
    };
  }

  /** The statuses of one message, by webhook, in order. */
  async #report(message: SimulatedWhatsApp, fails: boolean): Promise<void> {
    const steps = fails ? (['failed'] as const) : (['sent', 'delivered'] as const);
    for (const status of steps) {
      message.status = status;
      await this.#post(
        this.#envelope({
          statuses: [
            {
              id: message.id,
              status,
              timestamp: unixTime(this.#now()),
              recipient_id: message.to,
              ...(status === 'failed'
                ? {
                    errors: [
                      { code: GRAPH_ERRORS.undeliverable.code, title: GRAPH_ERRORS.undeliverable.message },
                    ],
                  }
                : {}),
            },
          ],
        }),
      );
    }
  }

  #envelope(value: Record<string, unknown>): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'simulated-waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: '254700000000',
                  phone_number_id: this.options.phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    });
  }

  async #post(rawBody: string): Promise<number> {
    if (!this.#deliver) return 0;
    const status = await this.#deliver(rawBody, webhookSignature(this.options.appSecret, rawBody));
    this.webhookAnswers.push(status);
    return status;
  }

  #track(work: Promise<void>): void {
    const tracked = work.catch(() => undefined);
    this.#pending.add(tracked);
    void tracked.finally(() => this.#pending.delete(tracked));
  }
}

function graphError(
  status: number,
  error: { code: number; type: string; message: string },
  details?: string,
): Answer {
  return {
    status,
    body: {
      error: {
        message: error.message,
        type: error.type,
        code: error.code,
        error_data: { messaging_product: 'whatsapp', ...(details ? { details } : {}) },
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
  };
}

const digits = (phone: string) => phone.replace(/^\+/, '');
const unixTime = (date: Date) => String(Math.floor(date.getTime() / 1000));
const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;
