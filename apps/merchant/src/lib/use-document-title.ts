import { useEffect } from 'react';

export const SITE_TITLE = 'D3 Deals for Business';

export function formatDocumentTitle(name: string): string {
  return `${name} | ${SITE_TITLE}`;
}

/** Every page names itself in the tab: "<Name> | D3 Deals for Business". */
export function useDocumentTitle(name: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(name);
  }, [name]);
}
