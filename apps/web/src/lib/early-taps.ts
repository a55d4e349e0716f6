/**
 * Taps that landed before the page was live (issue 32). The server renders the entry pages, so their
 * buttons show well before the code that runs them has loaded; index.html's inline listener keeps a
 * tap on a control marked `data-tap` (and marks it `data-tap-pending`) instead of losing it. Once the
 * page has hydrated, replayEarlyTaps hands each kept tap to the live control, in the order tapped.
 *
 * A control is marked with `data-tap="<what>:<id>"`: if hydration replaced the element the visitor
 * tapped, the live element with the same key takes the tap.
 */

type TTapWindow = Window & { __d3Taps?: () => Element[] };

/** The attributes that mark a control whose early tap is kept: spread on the control. */
export function earlyTap(key: string): { 'data-tap': string } {
  return { 'data-tap': key };
}

/** Stops keeping taps and replays the kept ones on the live controls; the count replayed. */
export function replayEarlyTaps(doc: Document = document): number {
  const take = (doc.defaultView as TTapWindow | null)?.__d3Taps;
  if (!take) return 0;
  let replayed = 0;
  for (const kept of take()) {
    kept.removeAttribute('data-tap-pending');
    const key = kept.getAttribute('data-tap');
    const live = kept.isConnected ? kept : key ? doc.querySelector(`[data-tap="${CSS.escape(key)}"]`) : null;
    if (live && typeof (live as HTMLElement).click === 'function') {
      (live as HTMLElement).click();
      replayed += 1;
    }
  }
  return replayed;
}
