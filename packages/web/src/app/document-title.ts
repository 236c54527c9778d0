import { useEffect } from 'react';

const PRODUCT = 'Darkroom';

/** Names the page in the browser tab and for screen readers: "Users · Darkroom". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT}`;
    return () => {
      document.title = PRODUCT;
    };
  }, [title]);
}
