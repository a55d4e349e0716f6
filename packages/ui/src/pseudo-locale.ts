import type { Messages } from '@lingui/core';

/**
 * The pseudo-locale (issue 33's catalogue hygiene): every letter of every message swapped for an
 * accented look-alike, so a browser test can tell a word that came through the catalogue from a word
 * typed into a component (a plain ASCII word left on the page is hard-coded, unless it is data).
 * Arguments, plural/select keys and `#` stay as they are. Loaded only when a test asks for it.
 */
const LOWER = 'áƀçđéƒĝĥíĵķļɱñóþǫŕşţúṽŵẋýž';
const UPPER = 'ÁƁÇĐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŞŢÚṼŴẊÝŽ';

export function pseudoText(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => {
    const code = letter.charCodeAt(0);
    return code >= 97 ? LOWER[code - 97]! : UPPER[code - 65]!;
  });
}

/** A compiled message: a string, or parts that are strings and arguments `[name, kind?, branches?]`. */
function pseudoMessage(message: unknown): unknown {
  if (typeof message === 'string') return pseudoText(message);
  if (!Array.isArray(message)) return message;
  return message.map((part: unknown) => {
    if (typeof part === 'string') return part === '#' ? part : pseudoText(part);
    if (!Array.isArray(part)) return part;
    const [name, kind, branches] = part as [unknown, unknown, unknown];
    if (!branches || typeof branches !== 'object') return part;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(branches)) out[key] = pseudoMessage(value);
    return [name, kind, out];
  });
}

/** The pseudo-locale version of a compiled catalogue (Lingui's compiled form, as the build makes it). */
export function pseudoMessages(messages: Messages): Messages {
  const out: Messages = {};
  for (const [id, message] of Object.entries(messages)) out[id] = pseudoMessage(message) as Messages[string];
  return out;
}
