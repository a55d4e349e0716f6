import { isApiError } from '@d3/api-client';
import { isLocale, type Locale } from '@d3/shared/i18n/locale';
import type { I18n } from '@lingui/core';
import { Fragment, type ReactNode, useContext } from 'react';
import { formatDate } from './format';
import { errorText, I18nContext } from './i18n';
import ENGLISH from './locales/en.messages.json';

/**
 * The words of the components both sites share (issue 33): `ui.*` messages in this package's own
 * catalogue (`locales/{en,sw}.messages.json`), which a site merges into its catalogue. A site that
 * has not merged it (or a component drawn without a LocaleProvider) shows the English, so the
 * shared components never show a bare id.
 */
export type UiTextId = keyof typeof ENGLISH;
type Values = Record<string, unknown>;

/** The English message filled in without Lingui (only simple `{name}` arguments are used here). */
function englishText(id: UiTextId, values: Values = {}): string {
  const message = ENGLISH[id] as unknown;
  const parts: unknown[] = typeof message === 'string' ? [message] : (message as unknown[]);
  return parts
    .map((part) => (typeof part === 'string' ? part : String(values[(part as [string])[0]] ?? '')))
    .join('');
}

function translate(i18n: I18n | undefined, id: UiTextId, values?: Values): string {
  if (!i18n || i18n.messages[id] === undefined) return englishText(id, values);
  return i18n._(id, values);
}

/** `t('ui.signIn.submit')`: the shared components' words in the page's language, re-rendered on a switch. */
export function useUiT(): (id: UiTextId, values?: Values) => string {
  const i18n = useContext(I18nContext)?.i18n;
  return (id, values) => translate(i18n, id, values);
}

let byEnglish: Map<string, UiTextId> | undefined;

/**
 * A message the shared schemas or the server wrote ('First name is required') in the page's
 * language: the `ui.msg.*` message whose English is those very words, else the words as they are.
 */
export function useUiMessage(): (message: string) => string {
  const i18n = useContext(I18nContext)?.i18n;
  return (message) => {
    byEnglish ??= new Map(
      Object.keys(ENGLISH)
        .filter((id) => id.startsWith('ui.msg.'))
        .map((id) => [englishText(id as UiTextId), id as UiTextId]),
    );
    const id = byEnglish.get(message);
    return id && i18n?.messages[id] !== undefined ? i18n._(id) : message;
  };
}

/**
 * A failed call in the page's language: the site's `error.CODE` message when the server sent its
 * code's usual words, else the server's own (more particular, English) message.
 */
export function useUiErrorText(): (error: unknown) => string {
  const i18n = useContext(I18nContext)?.i18n;
  return (error) => {
    if (!isApiError(error)) return translate(i18n, 'ui.error.unexpected');
    return i18n ? errorText(i18n, error.code, error.message) : error.message;
  };
}

/**
 * A message with React nodes in it: `{name}` arguments listed in `nodes` are drawn as those nodes
 * ('I agree to the {terms} and the {privacy}.', with the two links).
 */
export function richText(text: string, nodes: Record<string, ReactNode>): ReactNode {
  const pieces = text.split(/\uE000(\w+)\uE000/);
  return pieces.map((piece, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed message, never reordered
    index % 2 === 1 ? <Fragment key={index}>{nodes[piece]}</Fragment> : piece,
  );
}

/** The values that mark where `richText` puts each node. */
export function richMarks(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, `\uE000${name}\uE000`]));
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/**
 * `relativeTime` (@d3/shared) in the page's language, for both sites: 'Just now' under a minute,
 * '5m ago', '3h ago', '2d ago' (whole units) until 7 days, then the Nairobi date ('12 Nov 2026',
 * '3 Ago 2026'); 'Unknown time' for a missing or unreadable value.
 */
export function useTimeAgo(): (date: Date | string | number | null | undefined, now?: Date) => string {
  const t = useUiT();
  const value = useContext(I18nContext);
  const locale: Locale = isLocale(value?.locale) ? value.locale : 'en';
  return (date, now = new Date()) => {
    const time = date === null || date === undefined || date === '' ? Number.NaN : new Date(date).getTime();
    if (Number.isNaN(time)) return t('ui.time.unknown');
    const elapsed = now.getTime() - time;
    if (elapsed < MINUTE_MS) return t('ui.time.justNow');
    if (elapsed < HOUR_MS) return t('ui.time.minutesAgo', { count: Math.floor(elapsed / MINUTE_MS) });
    if (elapsed < DAY_MS) return t('ui.time.hoursAgo', { count: Math.floor(elapsed / HOUR_MS) });
    if (elapsed < WEEK_MS) return t('ui.time.daysAgo', { count: Math.floor(elapsed / DAY_MS) });
    return formatDate(time, locale);
  };
}
