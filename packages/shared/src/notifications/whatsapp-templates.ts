import type { Locale } from '../i18n/locale.js';

/**
 * The WhatsApp message templates D3 Deals has approved with Meta (issue 36), in both languages of
 * the app. A business may start a conversation on WhatsApp only with an approved template
 * (outside the 24-hour window after the customer's last message; every message we send is one
 * we start, so always a template). Each body is what Meta holds: `{{1}}`, `{{2}}`… are filled, in
 * order, with the template's `params`. Category UTILITY: transactional, never marketing.
 *
 * The names, languages and bodies here are what the Meta Business Manager must hold; the
 * simulator refuses a name, a language or a number of parameters that is not in this table, as
 * the Cloud API does (errors 132001 and 132000).
 */
export interface WhatsAppTemplate {
  category: 'UTILITY';
  /** The body's parameters in order: `{{1}}` is params[0]. */
  params: readonly string[];
  body: Record<Locale, string>;
}

export const WHATSAPP_TEMPLATES = {
  booking_confirmation: {
    category: 'UTILITY',
    params: ['what', 'store', 'when'],
    body: {
      en: 'D3 Deals: your booking for {{1}} at {{2}} on {{3}} is confirmed. Show your voucher at the store.',
      sw: 'D3 Deals: nafasi yako ya {{1}} pale {{2}}, {{3}} imethibitishwa. Onyesha vocha yako dukani.',
    },
  },
  booking_reminder: {
    category: 'UTILITY',
    params: ['what', 'store', 'when'],
    body: {
      en: 'D3 Deals reminder: {{1}} at {{2}} on {{3}}. Please arrive 10 minutes early.',
      sw: 'Kikumbusho cha D3 Deals: {{1}} pale {{2}}, {{3}}. Tafadhali fika dakika 10 mapema.',
    },
  },
  refund_sent: {
    category: 'UTILITY',
    params: ['amount'],
    body: {
      en: 'D3 Deals: your access fee refund of KES {{1}} was sent to your M-Pesa number.',
      sw: 'D3 Deals: ada yako ya huduma ya KES {{1}} imerudishwa kwa nambari yako ya M-Pesa.',
    },
  },
  refund_sent_receipt: {
    category: 'UTILITY',
    params: ['amount', 'receipt'],
    body: {
      en: 'D3 Deals: your access fee refund of KES {{1}} was sent to your M-Pesa number, receipt {{2}}.',
      sw: 'D3 Deals: ada yako ya huduma ya KES {{1}} imerudishwa kwa nambari yako ya M-Pesa, risiti {{2}}.',
    },
  },
  refund_failed: {
    category: 'UTILITY',
    params: ['amount'],
    body: {
      en: 'D3 Deals: we could not refund your KES {{1}} access fee automatically; support will contact you.',
      sw: 'D3 Deals: hatukuweza kurudisha ada yako ya KES {{1}} moja kwa moja; timu yetu itawasiliana nawe.',
    },
  },
  refund_failed_reference: {
    category: 'UTILITY',
    params: ['amount', 'reference'],
    body: {
      en: 'D3 Deals: we could not refund your KES {{1}} access fee automatically; support will contact you (reference {{2}}).',
      sw: 'D3 Deals: hatukuweza kurudisha ada yako ya KES {{1}} moja kwa moja; timu yetu itawasiliana nawe (kumbukumbu {{2}}).',
    },
  },
  waitlist_offer: {
    category: 'UTILITY',
    params: ['what', 'store', 'when', 'minutes'],
    body: {
      en: 'D3 Deals: a place freed up for {{1}} at {{2}} on {{3}}. It is held for you for {{4}} minutes - book it in the app.',
      sw: 'D3 Deals: nafasi imepatikana ya {{1}} pale {{2}}, {{3}}. Tumekushikia kwa dakika {{4}} - iweke kwenye programu.',
    },
  },
} as const satisfies Record<string, WhatsAppTemplate>;

export type WhatsAppTemplateName = keyof typeof WHATSAPP_TEMPLATES;

export function isWhatsAppTemplateName(name: unknown): name is WhatsAppTemplateName {
  return typeof name === 'string' && Object.hasOwn(WHATSAPP_TEMPLATES, name);
}

/** The template's parameters in order, from values by name; a missing one is a programming error. */
export function templateParameters(
  name: WhatsAppTemplateName,
  values: Record<string, string | number>,
): string[] {
  return WHATSAPP_TEMPLATES[name].params.map((param) => {
    const value = values[param];
    if (value === undefined || value === '') throw new Error(`template ${name}: missing {${param}}`);
    return String(value);
  });
}

/** The text a customer reads: the approved body with its parameters filled in order. */
export function renderTemplate(name: WhatsAppTemplateName, locale: Locale, parameters: readonly string[]) {
  return WHATSAPP_TEMPLATES[name].body[locale].replace(/\{\{(\d+)\}\}/g, (_match, index: string) => {
    const value = parameters[Number(index) - 1];
    if (value === undefined) throw new Error(`template ${name}: no value for {{${index}}}`);
    return value;
  });
}

/** Words of an inbound message that end WhatsApp messages to the number (issue 36: 'STOP'). */
export function isOptOutText(text: string): boolean {
  return /^\s*(stop|unsubscribe|acha|sitisha)\s*[.!]?\s*$/i.test(text);
}
