import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Kenyan phone input ('0712 345 678', '0112345678', '712345678', '254712345678', '+254 712 345 678')
 * to E.164 ('+254712345678'); null when it is not a valid Kenyan number.
 */
export function normalizeKenyanPhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  if (!/^\+?\d{9,13}$/.test(compact)) return null;
  const withCountry = /^254\d{9}$/.test(compact) ? `+${compact}` : compact;
  const parsed = parsePhoneNumberFromString(withCountry, 'KE');
  if (parsed?.country !== 'KE' || !parsed.isValid()) return null;
  return parsed.number;
}

/** '+254712345678' -> '+254 7** *** 678' for the OTP page. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return phone;
  const last = digits.slice(-3);
  const country = phone.startsWith('+254') ? '+254 ' : '';
  const national = phone.startsWith('+254') ? digits.slice(3) : digits;
  const first = national.slice(0, 1);
  const hidden = national.slice(1, -3).replace(/\d/g, '*');
  return `${country}${first}${hidden.slice(0, 2)} ${hidden.slice(2)} ${last}`.replace(/\s+/g, ' ').trim();
}
