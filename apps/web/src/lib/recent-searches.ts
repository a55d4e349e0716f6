/** Recent searches (seed 000 §5 "Search"): unique, latest first, at most 5, kept in localStorage. */

export const RECENT_SEARCHES_KEY = 'recentSearches';
export const MAX_RECENT_SEARCHES = 5;

function normalise(term: string): string {
  return term.trim().replace(/\s+/g, ' ');
}

/** Adds `term` to the front; an existing entry (compared case-insensitively) moves up instead of repeating. */
export function addRecentSearch(list: readonly string[], term: string): string[] {
  const clean = normalise(term);
  if (!clean) return [...list];
  const key = clean.toLowerCase();
  return [clean, ...list.filter((entry) => entry.toLowerCase() !== key)].slice(0, MAX_RECENT_SEARCHES);
}

export function removeRecentSearch(list: readonly string[], term: string): string[] {
  const key = term.toLowerCase();
  return list.filter((entry) => entry.toLowerCase() !== key);
}

export function readRecentSearches(): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    return raw
      .filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
      .slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}

export function writeRecentSearches(list: readonly string[]): void {
  try {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list.slice(0, MAX_RECENT_SEARCHES)));
  } catch {
    // Private mode or a full quota: recent searches are a convenience, not worth an error.
  }
}
