import { useSyncExternalStore } from 'react';

/** The event Chromium fires when the site may be installed (not in lib.dom). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'bali-refill.install-dismissed';
const listeners = new Set<() => void>();
let deferred: BeforeInstallPromptEvent | null = null;
let dismissed = readDismissed();

function readDismissed() {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}
const notify = () => listeners.forEach((l) => l());

// Listen from the first module evaluation: the event may fire before any component mounts.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

function snapshot() {
  return dismissed ? null : deferred;
}

/** The pending install prompt, unless the visitor dismissed the banner before. */
export function useInstallPrompt() {
  const prompt = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    snapshot,
    () => null,
  );
  return {
    canInstall: prompt !== null,
    async install() {
      if (!prompt) return;
      await prompt.prompt();
      await prompt.userChoice.catch(() => null);
      deferred = null;
      notify();
    },
    dismiss() {
      dismissed = true;
      try {
        localStorage.setItem(DISMISSED_KEY, '1');
      } catch {
        // Remembered for this visit only.
      }
      notify();
    },
  };
}
