import type { Locale } from '@d3/shared/i18n/locale';
import type { TextValues } from '@d3/shared/i18n/server-texts';
import type { WhatsAppTemplateName } from '@d3/shared/notifications/whatsapp-templates';
import type { MessageSender } from '../../adapters/sms/sms-sender.js';

/**
 * A text message to a customer's phone (issue 36): a booking confirmation or reminder, a refund, a
 * waitlist offer. It goes as the approved WhatsApp `template` when the customer opted in to
 * WhatsApp on this (verified) number, else as the `sms` — which is also what goes when WhatsApp
 * fails. Both are written in the customer's `locale`.
 */
export interface CustomerMessage {
  /** The account the message is for: its WhatsApp switch decides the channel. */
  userId: string | null;
  /** E.164 ('+254712345678'). */
  phone: string;
  /** The caller read `phone` as the account's verified number just now (saves reading it again). */
  phoneIsVerified?: boolean;
  locale: Locale;
  template: WhatsAppTemplateName;
  /** The template's parameters by name (whatsapp-templates.ts). */
  values: TextValues;
  sms: string;
  /**
   * Without WhatsApp, is the SMS sent? Default yes; no when the customer turned SMS alerts off
   * for this kind, or when this message never went by SMS (a confirmation). The fallback of a
   * failed WhatsApp message goes regardless: the customer asked for the message.
   */
  smsWithoutWhatsApp?: boolean;
}

export type Channel = 'whatsapp' | 'sms' | 'none';

export interface CustomerMessenger {
  send(message: CustomerMessage): Promise<Channel>;
}

/** SMS only (no WhatsApp channel): what the producers did before issue 36. */
export function smsOnly(sms: MessageSender): CustomerMessenger {
  return {
    async send(message) {
      if (message.smsWithoutWhatsApp === false) return 'none';
      await sms.send(message.phone, message.sms);
      return 'sms';
    },
  };
}
