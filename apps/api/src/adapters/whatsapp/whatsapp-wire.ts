import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The WhatsApp Business Cloud API's wire format (issue 36), shared by the real client and the
 * simulator: `POST {graph}/{version}/{phone-number-id}/messages` with a bearer token, a template
 * message body, Meta's answer and error shapes, and the webhook signature.
 */

export interface TemplateMessageRequest {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  /** The customer's number in international format, digits only ('254712345678'). */
  to: string;
  type: 'template';
  template: {
    name: string;
    language: { code: string };
    components: Array<{ type: 'body'; parameters: Array<{ type: 'text'; text: string }> }>;
  };
}

export interface SendMessageResponse {
  messaging_product: 'whatsapp';
  contacts: Array<{ input: string; wa_id: string }>;
  messages: Array<{ id: string; message_status?: 'accepted' | 'held_for_quality_assessment' }>;
}

export interface GraphErrorResponse {
  error: {
    message: string;
    type: string;
    code: number;
    error_data?: { messaging_product?: 'whatsapp'; details?: string };
    error_subcode?: number;
    fbtrace_id?: string;
  };
}

/** Cloud API error codes the simulator answers with (Meta's numbers). */
export const GRAPH_ERRORS = {
  invalidToken: { code: 190, type: 'OAuthException', message: 'Invalid OAuth access token.' },
  invalidParameter: { code: 100, type: 'OAuthException', message: 'Invalid parameter' },
  /** The recipient cannot be reached on WhatsApp (no account, blocked, or the message expired). */
  undeliverable: { code: 131026, type: 'OAuthException', message: 'Message undeliverable' },
  /** Too many messages to one number in a short time: the pair rate limit. */
  pairRateLimit: {
    code: 131056,
    type: 'OAuthException',
    message: '(Business Account, Consumer Account) pair rate limit hit',
  },
  parameterCount: {
    code: 132000,
    type: 'OAuthException',
    message: 'Number of parameters does not match the expected number of params',
  },
  templateMissing: {
    code: 132001,
    type: 'OAuthException',
    message: 'Template name does not exist in the translation',
  },
} as const;

export function templateRequest(
  to: string,
  name: string,
  language: string,
  parameters: readonly string[],
): TemplateMessageRequest {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: to.replace(/^\+/, ''),
    type: 'template',
    template: {
      name,
      language: { code: language },
      components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
    },
  };
}

/** The `X-Hub-Signature-256` value Meta sends: `sha256=` and the hex HMAC-SHA256 of the raw body. */
export function webhookSignature(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** True only for the exact signature of this body (compared in constant time). */
export function signatureMatches(
  appSecret: string,
  rawBody: string | Buffer,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(webhookSignature(appSecret, rawBody));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What the adapter does: send one approved template, answer Meta's message id (`wamid.…`). */
export interface WhatsAppSender {
  sendTemplate(
    to: string,
    template: { name: string; language: string; parameters: readonly string[] },
  ): Promise<{ messageId: string }>;
  /** The message id is stored (the simulator's statuses wait for it; Meta's need no word). */
  recorded?(messageId: string): void;
}

/** The Cloud API refused the message (its error code when it gave one) or could not be reached. */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'WhatsAppSendError';
  }
}
