import { describe, expect, it } from 'vitest';
import { LOCALES, localeFromAcceptLanguage } from './locale.js';
import {
  bookingWhenText,
  fillTemplate,
  NOTIFICATION_TEXTS,
  SMS_TEXTS,
  type SmsTextKey,
  smsText,
} from './server-texts.js';

/** GSM 03.38 basic alphabet, and the extension table (each of those costs two septets). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** Septets the text takes in GSM-7, or null when a character forces UCS-2. */
function gsm7Septets(text: string): number | null {
  let septets = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) septets += 1;
    else if (GSM7_EXTENDED.includes(char)) septets += 2;
    else return null;
  }
  return septets;
}

/** SMS segments of a GSM-7 text: one up to 160 septets, else 153 per segment (the UDH takes 7). */
const segments = (septets: number) => (septets <= 160 ? 1 : Math.ceil(septets / 153));

/** Realistic values: a long-ish demo offer title and store name, a real-looking link and receipt. */
const VALUES = {
  code: '482913',
  minutes: 10,
  what: 'Full Body Massage (60 min)',
  store: 'Serenity Spa Westlands',
  when: '',
  amount: 1250,
  receipt: 'TKL7H2QX9P',
  reference: 'RF-8K2M4Q',
  link: 'https://d3deals.co.ke/pay/split/3f9a1c7e-2b4d-4e8f-9a61-0c5d7b2e9f14',
  party: 4,
  voucher: 'D3-7KQ9-M2XP',
};

describe('server texts (issue 33)', () => {
  it('has every SMS and notification text in both languages, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const table of [SMS_TEXTS, NOTIFICATION_TEXTS] as const) {
      const en = table.en as Record<string, string>;
      const sw = table.sw as Record<string, string>;
      expect(Object.keys(sw).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        expect(sw[key], key).not.toBe('');
        expect(placeholders(sw[key]!), key).toEqual(placeholders(en[key]!));
      }
    }
  });

  it('keeps every SMS in GSM-7 and the Kiswahili one in as many 160-character segments as the English one', () => {
    const start = '2026-12-07T07:30:00.000Z';
    for (const key of Object.keys(SMS_TEXTS.en) as SmsTextKey[]) {
      const filled = Object.fromEntries(
        LOCALES.map((locale) => [
          locale,
          smsText(locale, key, { ...VALUES, when: bookingWhenText(start, locale) }),
        ]),
      ) as Record<(typeof LOCALES)[number], string>;
      const en = gsm7Septets(filled.en);
      const sw = gsm7Septets(filled.sw);
      expect(en, `${key} en: ${filled.en}`).not.toBeNull();
      expect(sw, `${key} sw: ${filled.sw}`).not.toBeNull();
      expect(segments(sw!), `${key} sw (${sw} septets) vs en (${en})`).toBeLessThanOrEqual(segments(en!));
    }
    // The texts people get most are one segment in both languages.
    for (const key of [
      'otpVerification',
      'otpPasswordReset',
      'bookingReminder',
      'refundSentReceipt',
    ] as const) {
      for (const locale of LOCALES) {
        const text = smsText(locale, key, { ...VALUES, when: bookingWhenText(start, locale) });
        expect(gsm7Septets(text)!, `${locale} ${key}`).toBeLessThanOrEqual(160);
      }
    }
  });

  it('flags a character that forces UCS-2', () => {
    expect(gsm7Septets('Karibu – asante')).toBeNull();
    expect(gsm7Septets('Ksh 1,500 [ok]')).toBe(16);
  });

  it('writes a booking time in each language, in Nairobi time', () => {
    expect(bookingWhenText('2026-12-07T07:30:00.000Z', 'en')).toBe('7 Dec 2026 at 10:30');
    expect(bookingWhenText('2026-12-07T07:30:00.000Z', 'en', ',')).toBe('7 Dec 2026, 10:30');
    expect(bookingWhenText('2026-08-03T15:05:00.000Z', 'sw')).toBe('3 Ago 2026 saa 18:05');
  });

  it('fills values literally and refuses a missing one', () => {
    expect(fillTemplate('{store} ni bora', { store: 'A $& {x} B' })).toBe('A $& {x} B ni bora');
    expect(() => fillTemplate('{store} {when}', { store: 'x' })).toThrow('{when}');
  });

  it('takes the first language the browser asks for', () => {
    expect(localeFromAcceptLanguage('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9,sw;q=0.8')).toBe('en');
    expect(localeFromAcceptLanguage('fr-FR,sw;q=0.5')).toBe('sw');
    expect(localeFromAcceptLanguage('en;q=0.2, sw;q=0.7')).toBe('sw');
    expect(localeFromAcceptLanguage('de')).toBe('en');
    expect(localeFromAcceptLanguage('')).toBe('en');
    expect(localeFromAcceptLanguage('sw;q=0')).toBe('en');
  });
});
