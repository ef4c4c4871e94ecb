import { useEffect } from 'react';
import { useOptionalConfig } from '../config/config-context';

/** Sets `document.title` to "{page} | {product name}". */
export function useDocumentTitle(page: string) {
  const productName = useOptionalConfig()?.productName;
  useEffect(() => {
    document.title = productName ? `${page} | ${productName}` : page;
  }, [page, productName]);
}
