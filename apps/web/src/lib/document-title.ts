import { useEffect } from 'react';

export const SITE_NAME = 'D3 Deals';

export function documentTitleFor(pageName: string): string {
  return `${pageName} | ${SITE_NAME}`;
}

/** Sets `"<Page name> | D3 Deals"` while the page is shown. Pass `{ exact: true }` for a ready-made title. */
export function useDocumentTitle(pageName: string, options: { exact?: boolean } = {}): void {
  const title = options.exact ? pageName : documentTitleFor(pageName);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
