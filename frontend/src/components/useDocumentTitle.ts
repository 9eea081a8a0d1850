import { useEffect } from 'react';

/** Sets the tab title of a page: 'Stations · Bali Refill'. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · Bali Refill` : 'Bali Refill – clean water stations across Bali';
  }, [title]);
}
