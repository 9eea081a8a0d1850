import { useLanguage, type Language } from './language';

/** The Indonesian side must have exactly the keys and call shapes of the English side. */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends readonly unknown[]
      ? { readonly [I in keyof T]: Translation<T[I]> }
      : { [K in keyof T]: Translation<T[K]> };

export type Messages<T> = Record<Language, Translation<T>>;

/** Messages of one screen or component, both languages side by side so that none is forgotten. */
export function defineMessages<const T>(en: T, id: Translation<T>): Messages<T> {
  return { en: en as Translation<T>, id };
}

export function useMessages<T>(messages: Messages<T>): Translation<T> {
  return messages[useLanguage()];
}
