import { useSyncExternalStore } from 'react';
import type { Language } from '@shared/language';
import { detectLanguage, STORAGE_KEY } from './language-choice';

// The two languages (shared/language.ts) are the server's too. The English texts quoted in docs/design.md stay word for word.

const listeners = new Set<() => void>();

let current: Language = detectLanguage();
if (typeof document !== 'undefined') document.documentElement.lang = current;

type IndonesianTexts = typeof import('./id');
let indonesian: IndonesianTexts | null = null;
let fetching: Promise<IndonesianTexts> | null = null;

/** The Indonesian texts are one chunk of their own: English-speaking visitors never download them. */
function fetchIndonesian(): Promise<IndonesianTexts> {
  return (fetching ??= import('./id').then(
    (texts) => (indonesian = texts),
    (error: unknown) => {
      // Offline and never cached: the next attempt fetches again.
      fetching = null;
      throw error;
    },
  ));
}

/** Once it resolves, the current language's texts are there; the first render waits for it. */
export async function languageReady(): Promise<void> {
  if (current !== 'id') return;
  try {
    await fetchIndonesian();
  } catch {
    // Without the Indonesian texts the page is shown in English rather than not at all.
    current = 'en';
    document.documentElement.lang = current;
  }
}

export function indonesianTexts(): IndonesianTexts {
  if (!indonesian) throw new Error('Indonesian texts used before languageReady()');
  return indonesian;
}

/** The current language outside React: what the API client asks the server's texts in (Accept-Language). */
export function getLanguage(): Language {
  return current;
}

/** Switches once the language's texts are there; if they cannot be fetched the language stays as it was. */
export async function setLanguage(language: Language) {
  if (language === 'id' && !(await fetchIndonesian().then(() => true, () => false))) return;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  if (language === current) return;
  current = language;
  document.documentElement.lang = language;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The current language; English while a page prerendered in English is hydrated (docs/architecture.md,
 * "Prerendered public pages"), so that React adopts that HTML and then renders the visitor's language.
 */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, () => 'en');
}

export { localeOf } from '@shared/language';
