import { useEffect } from 'react';

export const PRODUCT_NAME = 'Ledgerdesk';

/** Sets document.title to "<page> · Ledgerdesk" while the page is shown. */
export function usePageTitle(page: string | null | undefined) {
  useEffect(() => {
    document.title = page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}
