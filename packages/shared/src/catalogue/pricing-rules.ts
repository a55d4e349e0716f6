/**
 * Money rules shared by the API and both sites. Amounts arrive as numbers or as the strings
 * PostgreSQL `numeric` columns give back ('1200.50'); all arithmetic happens on integer cents
 * (and discounts on integer basis points) so 0.1 + 0.2 style drift never reaches a price.
 */

/** A KES amount as a number or a decimal string. */
export type Amount = number | string;

/** Share of the discount value charged as the platform access fee on offer bookings. */
export const ACCESS_FEE_PERCENT = 15;
/** Access fee when an offer's original price or discount is unknown (API contract decision 8). */
export const DEFAULT_ACCESS_FEE = 5.99;

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Decimal text or number -> integer count of `10^-scale` units, rounding half away from zero.
 * Parsing the decimal text (not multiplying the float) keeps 1.005 at 1.005: 101 cents, not 100.
 * Returns NaN for anything that is not a finite decimal.
 */
function toUnits(value: Amount, scale: number): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return Number.NaN;
    // Exponent notation (1e21, 1e-7) is outside any price; the float product is exact enough there.
    const text = String(value);
    if (/e/i.test(text)) return Math.round(value * 10 ** scale);
    return toUnits(text, scale);
  }
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return Number.NaN;
  const sign = match[1] === '-' ? -1 : 1;
  const whole = match[2] || '0';
  const fraction = match[3] ?? '';
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  const next = fraction.charAt(scale);
  const units = Number(whole) * 10 ** scale + Number(kept);
  const roundUp = next !== '' && Number(next) >= 5;
  return sign * (units + (roundUp ? 1 : 0));
}

/** Integer cents of a KES amount (half-cent rounds away from zero); NaN when not a number. */
export function toCents(amount: Amount): number {
  return toUnits(amount, 2);
}

/** Shillings from integer cents, as a number with at most two decimals. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Non-negative integer division rounded half up. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Discount in basis points (30 % -> 3000), clamped to 0..100 %; unreadable counts as 0. */
function discountBasisPoints(discountPercent: Amount | null | undefined): number {
  if (discountPercent === null || discountPercent === undefined) return 0;
  const points = toUnits(discountPercent, 2);
  if (Number.isNaN(points)) return 0;
  return Math.min(Math.max(points, 0), 10_000);
}

function priceCents(price: Amount | null | undefined): number {
  if (price === null || price === undefined) return Number.NaN;
  return toCents(price);
}

/**
 * Price after the discount: price × (1 − discount/100), rounded to the cent.
 * A missing or out-of-range discount counts as 0 % (or 100 %): the result never goes below 0.
 * Returns NaN when the price itself is not a number, so callers decide what to show.
 */
export function discountedPrice(originalPrice: Amount, discountPercent: Amount | null | undefined): number {
  const cents = priceCents(originalPrice);
  if (Number.isNaN(cents)) return Number.NaN;
  const keep = 10_000 - discountBasisPoints(discountPercent);
  const sign = cents < 0 ? -1 : 1;
  return fromCents(sign * divideRounded(Math.abs(cents) * keep, 10_000));
}

/** What the customer saves: original price − discounted price (so the two always add up). */
export function savings(originalPrice: Amount, discountPercent: Amount | null | undefined): number {
  const cents = priceCents(originalPrice);
  if (Number.isNaN(cents)) return Number.NaN;
  return fromCents(cents - toCents(discountedPrice(originalPrice, discountPercent)));
}

export interface OfferPricing {
  originalPrice?: Amount | null | undefined;
  discount?: Amount | null | undefined;
}

/**
 * Platform access fee for booking an offer (API contract decision 8):
 * round(15 % × (original price × discount / 100), 2) when both are known and above 0, else 5.99.
 * The 15 % is taken of the exact discount value, then rounded once.
 */
export function accessFeeForOffer({ originalPrice, discount }: OfferPricing): number {
  const cents = originalPrice === null || originalPrice === undefined ? Number.NaN : toCents(originalPrice);
  const points = discount === null || discount === undefined ? Number.NaN : toUnits(discount, 2);
  if (!(cents > 0) || !(points > 0)) return DEFAULT_ACCESS_FEE;
  const basisPoints = Math.min(points, 10_000);
  // cents × (bp / 10 000) × (15 / 100) = cents × bp × 15 / 1 000 000
  return fromCents(divideRounded(cents * basisPoints * ACCESS_FEE_PERCENT, 1_000_000));
}

/** Service bookings carry no access fee. */
export function accessFeeForService(): number {
  return 0;
}

/**
 * M-Pesa takes whole shillings only: the fee rounded UP to the next shilling
 * (10.00 stays 10, 10.01 becomes 11, 0 stays 0). Negative or unreadable fees give 0.
 */
export function mpesaAmount(fee: Amount): number {
  const cents = toCents(fee);
  if (!(cents > 0)) return 0;
  return Math.ceil(cents / 100);
}

let kesFormat: Intl.NumberFormat | undefined;

/** A whole number with en-KE's thousands separators, '1,000,000' (see writeAmount for why not Intl). */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * An amount of cents written as en-KE writes it: thousands separators ('1,200'), and the cents only
 * when there are any, as two digits ('1,200.50') or trimmed ('1,200.5'). Written out rather than
 * through Intl.NumberFormat: a page's first number formatter costs a phone 200–700 ms of ICU set-up
 * at 4x (decision 0813), and the cards draw prices while the page hydrates.
 */
export function writeAmount(cents: number, fraction: 'pad' | 'trim' = 'pad'): string {
  const rest = Math.abs(cents) % 100;
  const sign = cents < 0 ? '-' : '';
  const grouped = groupThousands(Math.floor(Math.abs(cents) / 100));
  if (rest === 0) return `${sign}${grouped}`;
  const digits = String(rest).padStart(2, '0');
  return `${sign}${grouped}.${fraction === 'pad' ? digits : digits.replace(/0$/, '')}`;
}

/**
 * Full currency text from the platform's Intl data, always with cents: 'Ksh 1,200.50'
 * (en-KE spells the symbol 'Ksh'). Use for payment amounts, receipts and fees.
 * Unreadable amounts give ''.
 */
export function formatKes(amount: Amount): string {
  const cents = toCents(amount);
  if (Number.isNaN(cents)) return '';
  kesFormat ??= new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' });
  return kesFormat.format(fromCents(cents));
}

/**
 * Compact price for cards and badges: 'KSh 1,200' for whole shillings, 'KSh 1,200.50' otherwise.
 * Spelled 'KSh' as on the seed's screens ('You save KSH x!', 'Save KSH x'), independent of
 * the browser's Intl data. Unreadable amounts give ''.
 */
export function formatKesShort(amount: Amount): string {
  const cents = toCents(amount);
  if (Number.isNaN(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  return `${sign}KSh ${writeAmount(Math.abs(cents))}`;
}

/**
 * The access fee as customers see it everywhere (API contract decision 8, issue 15): the whole
 * shillings M-Pesa charges, 'KSh 289' for a fee of 288.75.
 */
export function formatAccessFee(fee: Amount): string {
  return formatKesShort(mpesaAmount(fee));
}
