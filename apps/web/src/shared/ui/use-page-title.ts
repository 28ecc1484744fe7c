import { useEffect } from 'react';
import { PRODUCT_NAME } from '@portal/contract';

/** Sensible tab titles: "Sign In · Customer Portal". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
