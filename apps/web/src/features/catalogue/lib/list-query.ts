/**
 * The list query a catalogue page (Hot Deals, All Stores) sends for the params in its address: the
 * chosen location, then the category, sort and page, `limit` to a page.
 */
export function catalogueListQuery<S>(
  params: { category: string | null; sort: S; page: number },
  location: string | undefined,
  limit: number,
) {
  return { location, category: params.category ?? undefined, sortBy: params.sort, page: params.page, limit };
}
