/**
 * Placeholder artwork drawn as SVG text: store logos (initials on a gradient) and offer or
 * service covers (a gradient banner with the name). The demo catalogue points at these, and
 * a store or offer without an uploaded image can too. Pure functions: same input, same bytes.
 */

export const LOGO_SIZE = 256;
export const COVER_WIDTH = 800;
export const COVER_HEIGHT = 600;

const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/**
 * Text XML 1.0 can hold: control characters become spaces (XML forbids most of them even
 * escaped) and lone surrogate halves become U+FFFD; runs of spaces collapse.
 */
export function cleanLabel(label: string): string {
  return (
    label
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
      .replace(/[\ufffe\uffff]/g, '\ufffd')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const STARTS_WITH_LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u;

/**
 * Up to two initials: the first letters of the first two words that start with a letter or
 * digit ('Savannah Glow Spa' -> 'SG', 'Lens & Light' -> 'LL'). A single word of at most two
 * characters is kept whole (so 'SG' stays 'SG'); a longer single word gives one letter.
 */
export function initialsOf(label: string): string {
  const words = cleanLabel(label)
    .split(/[\s\-_/.,:;]+/)
    .filter((word) => STARTS_WITH_LETTER_OR_DIGIT.test(word));
  const first = words[0];
  if (!first) return '';
  const upper = (text: string) => text.toLocaleUpperCase('en');
  const second = words[1];
  if (second) return upper(Array.from(first)[0]! + Array.from(second)[0]!);
  const chars = Array.from(first);
  return upper(chars.length <= 2 ? first : chars[0]!);
}

/** '#rrggbb' for a hue (degrees), saturation and lightness (percent). */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return `#${[channel(h + 1 / 3), channel(h), channel(h - 1 / 3)]
    .map((value) =>
      Math.round(value * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Ids carry the hue so several SVGs pasted inline into one page do not borrow each other's gradient. */
function gradientId(hue: number): string {
  return `d3-gradient-${hue}`;
}

/** WCAG relative luminance of '#rrggbb'. */
function luminanceOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The light end of the gradient, darkened for bright hues (yellows, greens, cyans) until white
 * text keeps a contrast of about 4:1 (luminance at most 0.22).
 */
function lightStop(hue: number): string {
  let lightness = 50;
  let color = hslToHex(hue, 68, lightness);
  while (lightness > 30 && luminanceOf(color) > 0.22) {
    lightness -= 2;
    color = hslToHex(hue, 68, lightness);
  }
  return color;
}

function gradient(hue: number): string {
  const id = gradientId(hue);
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${lightStop(hue)}"/>` +
    `<stop offset="1" stop-color="${hslToHex(hue + 35, 72, 30)}"/>` +
    '</linearGradient>'
  );
}

/** A 256×256 rounded square with the label's initials in white. */
export function logoSvg(label: string, hue: number): string {
  const text = initialsOf(label);
  const fontSize = Array.from(text).length > 1 ? 104 : 124;
  const name = escapeXml(cleanLabel(label));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 ${LOGO_SIZE} ${LOGO_SIZE}" role="img" aria-label="${name}">` +
    `<defs>${gradient(hue)}</defs>` +
    `<rect width="${LOGO_SIZE}" height="${LOGO_SIZE}" rx="56" fill="url(#${gradientId(hue)})"/>` +
    '<circle cx="214" cy="36" r="92" fill="#ffffff" fill-opacity="0.10"/>' +
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" fill="#ffffff" font-family="${FONT_FAMILY}" font-weight="700" font-size="${fontSize}">${escapeXml(text)}</text>` +
    '</svg>'
  );
}

/** FNV-1a: a stable 32-bit hash so each label gets its own circle pattern. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Rough width of a text in em for a bold sans-serif face, to pick a font size that fits. */
export function widthInEm(text: string): number {
  let width = 0;
  for (const char of text) {
    if (char === ' ') width += 0.28;
    else if (/[iljtf.,:;'!|()[\]]/.test(char)) width += 0.32;
    else if (/[MWmw@]/.test(char)) width += 1.05;
    else if (/[A-Z0-9&%]/.test(char)) width += 0.78;
    else if (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(char)) width += 1;
    else width += 0.58;
  }
  return width;
}

const COVER_LINE_CHARS = 20;
const COVER_MAX_LINES = 3;
/** Labels up to this long stay on one line; longer ones are balanced over two or three. */
const COVER_SINGLE_LINE_CHARS = 14;

function lengthOf(text: string): number {
  return Array.from(text).length;
}

/** Greedy fill: each line takes words while it stays within `width` characters. */
function fillLines(pieces: string[], width: number): string[] {
  const lines: string[] = [];
  for (const piece of pieces) {
    const current = lines[lines.length - 1];
    if (current !== undefined && lengthOf(current) + 1 + lengthOf(piece) <= width) {
      lines[lines.length - 1] = `${current} ${piece}`;
    } else {
      lines.push(piece);
    }
  }
  return lines;
}

/**
 * Wraps a label into at most three balanced lines of at most 20 characters: the fewest lines
 * that fit, each as even as the words allow ('Glow Facial for Two' -> 'Glow Facial' / 'for Two').
 * Words longer than a line are split; text that still does not fit ends in '…'.
 */
export function wrapLabel(label: string, maxChars = COVER_LINE_CHARS, maxLines = COVER_MAX_LINES): string[] {
  const pieces: string[] = [];
  for (const word of cleanLabel(label).split(' ').filter(Boolean)) {
    const chars = Array.from(word);
    for (let start = 0; start < chars.length; start += maxChars) {
      pieces.push(chars.slice(start, start + maxChars).join(''));
    }
  }
  const total = lengthOf(pieces.join(' '));
  for (let count = 1; count <= maxLines; count++) {
    if (count === 1 && total > COVER_SINGLE_LINE_CHARS && maxLines > 1) continue;
    for (let width = Math.ceil(total / count); width <= maxChars; width++) {
      const lines = fillLines(pieces, width);
      if (lines.length <= count) return lines;
    }
  }
  const kept = fillLines(pieces, maxChars).slice(0, maxLines);
  const last = Array.from(kept[maxLines - 1] ?? '');
  kept[maxLines - 1] = `${last
    .slice(0, maxChars - 1)
    .join('')
    .trimEnd()}…`;
  return kept;
}

/**
 * Width of the cover's middle that every frame the sites show keeps: cards are 4:3, the hero 16:9
 * (crops top and bottom) and, on wide screens, a column near square (crops the sides). The label
 * stays inside it, so no frame cuts its text (issue 15).
 */
export const COVER_SAFE_WIDTH = 560;

/** An 800×600 (4:3) banner: gradient, soft circles and the label in large white type, kept in the safe middle. */
export function coverSvg(label: string, hue: number): string {
  const lines = wrapLabel(label);
  const widest = Math.max(1, ...lines.map(widthInEm));
  const preferred = lines.length === 1 ? 84 : 68;
  const fontSize = Math.max(20, Math.min(preferred, Math.floor(COVER_SAFE_WIDTH / widest)));
  const lineHeight = Math.round(fontSize * 1.18);
  const firstBaseline = Math.round(
    COVER_HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35,
  );

  let seed = hashOf(`${cleanLabel(label)}|${hue}`);
  const next = () => {
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
    return seed / 4_294_967_296;
  };
  const circles = Array.from({ length: 5 }, (_, index) => {
    const r = Math.round(70 + next() * 170);
    // Alternate corners so the circles frame the text rather than cover it.
    const cx = Math.round(index % 2 === 0 ? next() * 260 : COVER_WIDTH - next() * 260);
    const cy = Math.round(index < 2 ? next() * 180 : COVER_HEIGHT - next() * 200);
    const opacity = (0.06 + next() * 0.1).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${opacity}"/>`;
  }).join('');

  const tspans = lines
    .map(
      (line, index) => `<tspan x="400" y="${firstBaseline + index * lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const name = escapeXml(cleanLabel(label));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" role="img" aria-label="${name}">` +
    `<defs>${gradient(hue)}` +
    '<filter id="d3-shadow" x="-10%" y="-10%" width="120%" height="120%"><feDropShadow dx="0" dy="3" stdDeviation="6" flood-color="#000000" flood-opacity="0.3"/></filter>' +
    '</defs>' +
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#${gradientId(hue)})"/>` +
    circles +
    `<text text-anchor="middle" fill="#ffffff" font-family="${FONT_FAMILY}" font-weight="700" font-size="${fontSize}" filter="url(#d3-shadow)">${tspans}</text>` +
    '</svg>'
  );
}
