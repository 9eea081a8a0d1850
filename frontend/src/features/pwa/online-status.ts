import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the network. `navigator.onLine` only says there is a link: on a dead 4G cell, behind a
 * captive portal, or on a page reloaded while offline, it can say true while every request fails. So a request that
 * fails for want of a network (not an answer from the server) also marks the app offline, until the browser's
 * `online` event or a probe of the origin (every PROBE_MS, uncached) succeeds.
 */
const PROBE_MS = 10_000;
const PROBE_PATH = '/config.json';

const listeners = new Set<() => void>();
let unreachable = false;
let probe: ReturnType<typeof setTimeout> | undefined;

function setUnreachable(next: boolean) {
  if (unreachable === next) return;
  unreachable = next;
  clearTimeout(probe);
  if (next) probe = setTimeout(runProbe, PROBE_MS);
  notify();
}

function runProbe() {
  fetch(PROBE_PATH, { cache: 'no-store', method: 'HEAD' }).then(
    () => setUnreachable(false),
    () => (probe = setTimeout(runProbe, PROBE_MS)),
  );
}

/** Watches a request: one that fails without an answer (a TypeError, not an abort) marks the app offline. */
export function watchNetwork(request: Promise<Response>): Promise<Response> {
  return request.catch((error: unknown) => {
    if (error instanceof TypeError) setUnreachable(true);
    throw error;
  });
}

const notify = () => {
  for (const listener of listeners) listener();
};
// The browser's online event also ends an unreachable spell (setUnreachable notifies when it changes anything).
const onOnline = () => (unreachable ? setUnreachable(false) : notify());

/** One pair of window handlers while anyone listens, however many components do. */
function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', notify);
  };
}

/** True while the browser says it has a network connection and requests reach it. */
export const isOnline = () => navigator.onLine && !unreachable;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Subscribes to changes of isOnline (for code outside React, and the tests). */
export const onOnlineChange = subscribe;
