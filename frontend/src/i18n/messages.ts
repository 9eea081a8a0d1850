import type { Language } from '@shared/language';
import type * as Indonesian from './id';
import { indonesianTexts, useLanguage } from './language';

/** The Indonesian side must have exactly the keys and call shapes of the English side. */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends readonly unknown[]
      ? { readonly [I in keyof T]: Translation<T[I]> }
      : { [K in keyof T]: Translation<T[K]> };

/**
 * The texts of one screen or component. The English side is here; the Indonesian side, typed by it so that
 * nothing is forgotten, is `./id/<file>.ts` under the same name, fetched only when Indonesian is chosen.
 */
export interface Messages<T> {
  readonly name: keyof typeof Indonesian;
  readonly en: Translation<T>;
}

export function defineMessages<const T>(name: keyof typeof Indonesian, en: T): Messages<T> {
  return { name, en: en as Translation<T> };
}

/** The texts in `language`, also outside React (the API client's own texts, in getLanguage()). */
export function messagesIn<T>(messages: Messages<T>, language: Language): Translation<T> {
  if (language === 'en') return messages.en;
  // Each Indonesian table is typed by its English one; messages.test.ts checks that the names pair them up.
  const indonesian: Record<string, unknown> = indonesianTexts();
  return indonesian[messages.name] as Translation<T>;
}

export function useMessages<T>(messages: Messages<T>): Translation<T> {
  return messagesIn(messages, useLanguage());
}
