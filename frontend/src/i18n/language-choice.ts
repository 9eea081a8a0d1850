import { languageOfTag, type Language } from '@shared/language';

/**
 * Which language a visit starts in, without React: the app's language store (language.ts) and the app home's first
 * paint (features/app/home-first-paint.ts) decide alike.
 */

export const STORAGE_KEY = 'bali-refill.language';

function stored(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'en' || value === 'id' ? value : null;
  } catch {
    return null;
  }
}

/** A remembered choice wins; otherwise the browser's first language we speak; otherwise English. */
export function detectLanguage(): Language {
  const remembered = stored();
  if (remembered) return remembered;
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}
