/**
 * Data the server put into the home page's <head> (`<script type="application/json" id="d3-boot">`,
 * see apps/api/src/modules/home-boot): the first screen renders from it instead of waiting for
 * its own fetch. Read once; anything missing or malformed is simply no boot data.
 */
export interface BootData {
  /** Server time (ms) the data was read: the query's updatedAt, so staleTime applies. */
  at: number;
  topDeals?: { limit: number; body: unknown };
}

let boot: BootData | null | undefined;

export function readBootData(): BootData | null {
  if (boot !== undefined) return boot;
  boot = null;
  const element = typeof document === 'undefined' ? null : document.getElementById('d3-boot');
  if (!element?.textContent) return boot;
  try {
    const parsed = JSON.parse(element.textContent) as BootData;
    if (typeof parsed.at === 'number') boot = parsed;
  } catch {
    // Ignored: the page fetches the same data itself.
  }
  return boot;
}

/** Tests: forget what was read. */
export function resetBootData(): void {
  boot = undefined;
}
