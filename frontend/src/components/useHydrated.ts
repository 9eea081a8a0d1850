import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False when a page is prerendered and while React hydrates that HTML in the browser, true in every other render
 * (docs/architecture.md, "Prerendered public pages"). What only the browser knows (the station list that has arrived,
 * the payments mode) waits for it, so the hydrating render matches the prerendered HTML; React renders again at once.
 */
export const useHydrated = () => useSyncExternalStore(noChanges, () => true, () => false);
