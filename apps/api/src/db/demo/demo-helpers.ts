import type { SOCIAL_PLATFORMS } from './content/people.js';
import type { Random } from './random.js';

// Small helpers of the demo generator: Nairobi days, money, slugs and handles, generated images, phone numbers.

export const HOUR_MS = 3_600_000;

export const DAY_MS = 24 * HOUR_MS;

const NAIROBI_OFFSET_MS = 3 * HOUR_MS;

/** 23:59 Nairobi time (UTC+3 all year) on the calendar day of `date`. */
export function endOfNairobiDay(date: Date): Date {
  const local = date.getTime() + NAIROBI_OFFSET_MS;
  const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  return new Date(dayStart + DAY_MS - 60_000 - NAIROBI_OFFSET_MS);
}

export function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

export function money(shillings: number): string {
  return shillings.toFixed(2);
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .map((word) => word.charAt(0).toUpperCase());
  return letters.slice(0, 2).join('');
}

/** 'Savannah Glow Spa' -> 'savannahglowspa' (handles and domains). */
export function handleOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A cover label of at most 40 characters, cut at a word boundary. */
function coverLabel(text: string): string {
  if (text.length <= 40) return text;
  const cut = text.slice(0, 39);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,:&-]+$/, '')}…`;
}

export function coverUrl(label: string, hue: number): string {
  return `/media/generated/cover.svg?label=${encodeURIComponent(coverLabel(label))}&hue=${hue}`;
}

export function logoUrl(name: string, hue: number): string {
  return `/media/generated/logo.svg?label=${encodeURIComponent(initials(name))}&hue=${hue}`;
}

export function kenyanMobile(random: Random): string {
  return `+2547${random.int(0, 2)}${random.int(0, 9)}${String(random.int(0, 999_999)).padStart(6, '0')}`;
}

export function jitter(random: Random, value: number, spread = 0.006): number {
  return Number((value + (random.float() * 2 - 1) * spread).toFixed(6));
}

export function hueNear(random: Random, base: number): number {
  return (((base + random.int(-18, 18)) % 360) + 360) % 360;
}

export function socialLink(
  platform: (typeof SOCIAL_PLATFORMS)[number],
  handle: string,
  phone: string,
  name: string,
): string {
  switch (platform) {
    case 'instagram':
      return `https://www.instagram.com/${handle}`;
    case 'facebook':
      return `https://www.facebook.com/${handle}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${handle}`;
    case 'twitter':
      return `https://x.com/${handle.slice(0, 15)}`;
    case 'whatsapp':
      return `https://wa.me/${phone.replace(/\D/g, '')}`;
    case 'youtube':
      return `https://www.youtube.com/@${handle}`;
    case 'linkedin':
      return `https://www.linkedin.com/company/${slugOf(name)}`;
  }
}
